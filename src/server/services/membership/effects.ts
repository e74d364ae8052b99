import type { ApplicationType } from '../../db/schema';
import { CREDIT_CLAIM_EFFECTS } from '../credits/claims';
import { COURSE_EFFECTS } from '../credits/courses';
import type { ApplicationEffects } from './applications';
import { EXTENSION_EFFECTS } from './extension';
import { JOIN_EFFECTS } from './join';
import { STATUS_FLOW_EFFECTS } from './status-flows';
import { UPGRADE_EFFECTS } from './upgrade';

/** What each type of application does once approved and paid. */
const EFFECTS: Record<ApplicationType, ApplicationEffects> = {
  join: JOIN_EFFECTS,
  extension: EXTENSION_EFFECTS,
  upgrade: UPGRADE_EFFECTS,
  ...STATUS_FLOW_EFFECTS,
  creditClaim: CREDIT_CLAIM_EFFECTS,
  course: COURSE_EFFECTS,
};

export function effectsOf(type: ApplicationType): ApplicationEffects {
  return EFFECTS[type];
}
