import type { Config } from '../../config';
import { reconcilePayments } from '../payments/reconcile';
import type { Job } from './scheduler';

/** The portal's background jobs, each looked at every tick and run when due. */
export function portalJobs(config: Config): readonly Job[] {
  return [{ name: 'reconcilePayments', everySeconds: config.JOB_TICK_SECONDS, run: () => reconcilePayments() }];
}
