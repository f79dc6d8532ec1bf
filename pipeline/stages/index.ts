/** The seven stages, in pipeline order. */
import type { Stage, StageName } from '../types';
import { consent } from './consent';
import { gateway } from './gateway';
import { knowledge } from './knowledge';
import { outbound } from './outbound';
import { policy } from './policy';
import { router } from './router';
import { truth } from './truth';

export const stages: Partial<Record<StageName, Stage>> = { gateway, consent, router, truth, knowledge, policy, outbound };

export const runnableStageNames = Object.keys(stages) as StageName[];
