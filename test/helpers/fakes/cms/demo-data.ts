/** The demo claimants and their claims: what npm start and the tests seed the fake CMS with. */
import type { FakeCms } from './types';

/** Demo claimant with one approved claim. */
export const DEMO_PHONE_APPROVED = '+919800000001';
/** Demo claimant with two claims (under review + documents pending). */
export const DEMO_PHONE_MULTI = '+919800000002';
/** All demo phones, in a stable order. */
export const DEMO_PHONES: readonly string[] = [DEMO_PHONE_APPROVED, DEMO_PHONE_MULTI];

/** Seeds three realistic Indian health-insurance claims for the demo phones under `apiKey`. */
export function seedDemoData(cms: FakeCms, apiKey: string): void {
  cms.addTenant(apiKey);
  cms.upsertClaim(apiKey, {
    claim_id: 'CLM-2024-000123',
    policy_number: 'HLT-7788-2291',
    member_name: 'Ravi Kumar',
    claimant_phone: DEMO_PHONE_APPROVED,
    status: 'APPROVED',
    status_updated_at: '2024-11-18T10:42:00+05:30',
    amount_claimed: 185000,
    amount_approved: 162500,
    reason_codes: ['ROOM_RENT_CAP', 'NON_PAYABLE_CONSUMABLES'],
  });
  cms.upsertClaim(apiKey, {
    claim_id: 'CLM-2024-000456',
    policy_number: 'HLT-5521-8830',
    member_name: 'Priya Sharma',
    claimant_phone: DEMO_PHONE_MULTI,
    status: 'UNDER_REVIEW',
    status_updated_at: '2024-11-20T16:05:00+05:30',
    amount_claimed: 72400,
    amount_approved: null,
    reason_codes: [],
  });
  cms.upsertClaim(apiKey, {
    claim_id: 'CLM-2024-000789',
    policy_number: 'HLT-5521-8830',
    member_name: 'Priya Sharma',
    claimant_phone: DEMO_PHONE_MULTI,
    status: 'DOCUMENTS_PENDING',
    status_updated_at: '2024-11-21T09:30:00+05:30',
    amount_claimed: 248900,
    amount_approved: null,
    reason_codes: ['DOCS_INCOMPLETE'],
  });
  cms.setPendingDocuments(apiKey, 'CLM-2024-000789', [
    { code: 'DISCHARGE_SUMMARY', name: 'Discharge summary' },
    { code: 'FINAL_BILL', name: 'Final hospital bill with itemised breakup' },
    { code: 'PHARMACY_BILLS', name: 'Pharmacy bills and prescriptions' },
  ]);
}
