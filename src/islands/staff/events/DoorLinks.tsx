import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, apiGet, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { doorLinkCreateBody, type DoorLinkView } from '@/lib/schemas/door';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import Field from '../../shared/Field';
import FormAlert from '../../shared/FormAlert';
import IslandForm from '../../shared/IslandForm';
import { useConfirm } from '../../shared/use-confirm';
import { useForm } from '../../shared/use-form';

/** A link just made: its address and QR, shown this once. */
interface Made {
  label: string;
  url: string;
  qrSvg: string;
}

const labelBody = doorLinkCreateBody.pick({ label: true });

const stateOf = (link: DoorLinkView) => (link.revokedAt ? 'revoked' : link.active ? 'active' : 'expired');
const BADGE = { active: 'badge-success', revoked: 'badge-error', expired: 'badge-ghost' } as const;

/**
 * An event's door links on its desk (decision record 041): listed through the API (the page's
 * statements stay as they were), made with a label — the new link's address and its QR shown this
 * once, the QR drawn here from the address — and revoked after a confirmation.
 */
export default function DoorLinks({ locale, eventId }: { locale: Locale; eventId: number }) {
  const t = getT(locale);
  const d = (key: string, options: Record<string, unknown> = {}) => t(`eventDesk:doors.${key}`, options);
  const [links, setLinks] = useState<DoorLinkView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [made, setMade] = useState<Made | null>(null);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const [target, setTarget] = useState<DoorLinkView | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const madeHeading = useRef<HTMLHeadingElement>(null);
  const revoking = useConfirm({ again: true });
  const [forms, setForms] = useState(0);

  const load = async () => {
    setLoadError(null);
    try {
      setLinks(
        await apiGet<DoorLinkView[]>('/api/amsw1101/events/doors', { query: { eventId }, suppressErrorToast: true }),
      );
    } catch (error) {
      setLoadError(d('loadFailed', { message: error instanceof ApiError ? error.message : String(error) }));
    }
  };
  useEffect(() => {
    void load();
    // The list is asked for once, when the island starts.
  }, [eventId]);
  useEffect(() => {
    if (made) madeHeading.current?.focus();
  }, [made]);

  const onMade = (created: DoorLinkView & { url: string }, qrSvg: string) => {
    const { url, ...item } = created;
    setLinks((list) => [item, ...(list ?? [])]);
    setCopied('no');
    setMade({ label: item.label, url, qrSvg });
    // A fresh form for the next door: empty, nothing marked.
    setForms((n) => n + 1);
  };

  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      setCopied('yes');
    } catch {
      // The address stays on the page to be selected and copied by hand.
      setCopied('failed');
    }
  };

  /** The address is gone for good; the reader goes on at the form's field. */
  const hide = () => {
    setMade(null);
    document.getElementById('field-label')?.focus();
  };

  const ask = (link: DoorLinkView) => {
    setTarget(link);
    setRevokeError(null);
    revoking.open();
  };
  const revoke = () =>
    revoking.run(
      async () => {
        if (!target) return;
        const revoked = await apiPost<DoorLinkView>(
          '/api/amsw1101/events/doors/revoke',
          { doorLinkId: target.doorLinkId },
          { suppressErrorToast: true },
        );
        setLinks((list) => (list ?? []).map((l) => (l.doorLinkId === revoked.doorLinkId ? revoked : l)));
        revoking.close();
        setDone(d('revokedDone', { label: revoked.label }));
      },
      (error) => setRevokeError(error instanceof ApiError ? error.message : String(error)),
    );

  return (
    <div className="space-y-4">
      <p className="text-sm">{d('intro')}</p>
      {made && (
        <section aria-labelledby="door-link-made" className="space-y-3 rounded-box border border-success p-4">
          <h3 id="door-link-made" ref={madeHeading} tabIndex={-1} className="font-semibold">
            {d('madeTitle', { label: made.label })}
          </h3>
          <p className="text-sm font-medium">{d('once')}</p>
          <p className="font-mono text-sm break-all" data-testid="door-link-url">
            {made.url}
          </p>
          {made.qrSvg && (
            <div
              role="img"
              aria-label={d('qrAlt', { label: made.label })}
              className="w-56 max-w-full rounded-box bg-white p-2"
              // The portal's own QR code of the link's address (qrcode), no script in it.
              dangerouslySetInnerHTML={{ __html: made.qrSvg }}
            />
          )}
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy()}>
              {d('copy')}
            </button>
            <button type="button" className="btn btn-primary btn-sm" onClick={hide}>
              {d('hide')}
            </button>
          </div>
          <p role="status" className="text-sm">
            {copied === 'no' ? '' : d(copied === 'yes' ? 'copied' : 'copyFailed')}
          </p>
        </section>
      )}
      <DoorLinkForm key={forms} locale={locale} eventId={eventId} onMade={onMade} />
      <p role="status" className="text-sm">
        {done}
      </p>
      {loadError && (
        <div role="alert" className="alert alert-error text-sm">
          <span>{loadError}</span>
          <button type="button" className="btn btn-sm" onClick={() => void load()}>
            {d('retry')}
          </button>
        </div>
      )}
      {links === null && !loadError && <p className="text-sm">{d('loading')}</p>}
      {links?.length === 0 && <p className="text-sm">{d('empty')}</p>}
      {links && links.length > 0 && (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300" aria-label={d('listLabel')}>
          {links.map((link) => {
            const state = stateOf(link);
            return (
              <li
                key={link.doorLinkId}
                className="flex flex-wrap items-center justify-between gap-2 p-3"
                data-testid="door-link"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {link.label} <span className={`badge badge-sm ${BADGE[state]}`}>{d(`states.${state}`)}</span>
                  </p>
                  <p className="text-sm text-base-content/70">
                    {d('made', { date: formatDateTime(link.createdAt, locale) })}
                    {' · '}
                    {state === 'revoked'
                      ? d('revokedAt', { date: formatDateTime(link.revokedAt!, locale) })
                      : d('ends', { date: formatDateTime(link.expiresAt, locale) })}
                  </p>
                </div>
                {state === 'active' && (
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-sm"
                    aria-label={d('revokeFor', { label: link.label })}
                    onClick={() => ask(link)}
                  >
                    {d('revoke')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        ref={revoking.ref}
        title={d('revokeTitle', { label: target?.label ?? '' })}
        text={d('revokeBody')}
        cancel={d('cancel')}
        confirm={revoking.pending ? d('working') : d('revoke')}
        onConfirm={() => void revoke()}
        danger
        busy={revoking.pending}
      >
        {revokeError && (
          <p role="alert" className="text-sm text-error">
            {revokeError}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

/**
 * The QR of a link's address as SVG, drawn here (the drawing code is fetched only now); empty when
 * it cannot be drawn, as the link is made whatever happens to its drawing and its address is shown.
 */
async function drawQr(url: string): Promise<string> {
  try {
    const { default: QRCode } = await import('qrcode');
    return await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  } catch {
    return '';
  }
}

/** The form that makes a door link: its label checked as the API checks it, sent once however often pressed. */
function DoorLinkForm({
  locale,
  eventId,
  onMade,
}: {
  locale: Locale;
  eventId: number;
  onMade: (created: DoorLinkView & { url: string }, qrSvg: string) => void;
}) {
  const t = getT(locale);
  const form = useForm({
    schema: labelBody,
    initial: { label: '' },
    labels: { label: t('eventDesk:doors.label') },
    t,
  });
  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    await form.submit(async ({ label }) => {
      const created = await apiPost<DoorLinkView & { url: string }>(
        '/api/amsw1101/events/doors',
        { eventId, label },
        { suppressErrorToast: true },
      );
      onMade(created, await drawQr(created.url));
    });
  };
  return (
    <IslandForm onSubmit={onCreate} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <div className="max-w-md">
        <Field
          {...form.field('label')}
          label={t('eventDesk:doors.label')}
          hint={t('eventDesk:doors.labelHint')}
          autoComplete="off"
          required
          maxLength={60}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={form.submitting} aria-busy={form.submitting}>
        {form.submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t(form.submitting ? 'eventDesk:doors.making' : 'eventDesk:doors.make')}
      </button>
    </IslandForm>
  );
}
