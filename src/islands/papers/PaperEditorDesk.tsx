import type { ComponentProps } from 'react';
import { getT } from '@/i18n';
import AssignReviewer from './AssignReviewer';
import PaperDecisionForm from './PaperDecisionForm';

/**
 * The editor's two forms on an open round, as one island: assigning a reviewer, and the decision.
 * One island rather than two, since each island costs its page a share of its rendering
 * (docs/architecture.md, Speed).
 */
export default function PaperEditorDesk({
  round,
  revisionDays,
  ...assign
}: ComponentProps<typeof AssignReviewer> & { round: number; revisionDays: number }) {
  const t = getT(assign.locale);
  return (
    <div className="space-y-6">
      <section className="card bg-base-100 shadow-sm" aria-labelledby="paper-assign">
        <div className="card-body">
          <h2 id="paper-assign" className="card-title">
            {t('papers:review.assign.title')}
          </h2>
          <AssignReviewer {...assign} />
        </div>
      </section>
      <section className="card bg-base-100 shadow-sm" aria-labelledby="paper-decide">
        <div className="card-body">
          <h2 id="paper-decide" className="card-title">
            {t('papers:review.decide.title', { round })}
          </h2>
          <PaperDecisionForm locale={assign.locale} paperId={assign.paperId} revisionDays={revisionDays} />
        </div>
      </section>
    </div>
  );
}
