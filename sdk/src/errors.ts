/**
 * An answer the service refused, as a thrown error: its status and the problem document's stable
 * `error_code` (docs/errors.md), or the OAuth `error` on the token endpoint. The message holds what
 * the service said, never a credential.
 */
export class ClaimsApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** `error_code` of the problem document (or the OAuth `error`); null when the body was not one. */
    readonly code: string | null,
    /** The problem document as the service sent it. */
    readonly problem: Record<string, unknown> | null,
  ) {
    super(message);
    this.name = 'ClaimsApiError';
  }

  static async from(response: Response, what: string): Promise<ClaimsApiError> {
    let problem: Record<string, unknown> | null = null;
    try {
      problem = (await response.json()) as Record<string, unknown>;
    } catch {
      problem = null;
    }
    const code = typeof problem?.error_code === 'string' ? problem.error_code : typeof problem?.error === 'string' ? problem.error : null;
    const detail = typeof problem?.detail === 'string' ? `: ${problem.detail}` : '';
    return new ClaimsApiError(`${what} (${response.status}${code ? ` ${code}` : ''})${detail}`, response.status, code, problem);
  }
}
