/** The stages this release runs. Knowledge arrives with query-reason. */
import type { Stage, StageName } from '../types';
import { consent } from './consent';
import { gateway } from './gateway';
import { outbound } from './outbound';
import { policy } from './policy';
import { router } from './router';
import { truth } from './truth';

export const stages: Partial<Record<StageName, Stage>> = { gateway, consent, router, truth, policy, outbound };

export const runnableStageNames = Object.keys(stages) as StageName[];
