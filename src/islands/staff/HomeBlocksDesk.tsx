import { useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { INDEX_PART_TYPES, type IndexPartType } from '@/lib/content-types';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { homeBlockForm, type HomeBlockView } from '@/lib/schemas/content-home';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useHydrated } from '../shared/use-hydrated';
import { useForm, type Values } from '../shared/use-form';
import MoveButtons, { useRefocus } from './MoveButtons';
import BilingualFields from './BilingualFields';

interface Props {
  locale: Locale;
  blocks: HomeBlockView[];
}

/**
 * The home page's blocks in order: each moves up or down with a button (keyboard focus stays on
 * the button pressed, and the new place is announced), shows whether it is hidden and opens its
 * form; below, a new block of any kind is added last.
 */
export default function HomeBlocksDesk({ locale, blocks: initial }: Props) {
  const t = getT(locale);
  const h = (key: string, values: Record<string, string | number> = {}) => t(`contentDesk:home.${key}`, values);
  const [blocks, setBlocks] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The button to give focus back to once the list is drawn in its new order. */
  const refocus = useRefocus(blocks);
  const hydrated = useHydrated();

  const move = async (block: HomeBlockView, direction: 'up' | 'down') => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await apiPost<{ blocks: HomeBlockView[] }>(
        '/api/amsw1101/content/home/move',
        { indexPartId: block.indexPartId, direction },
        { suppressErrorToast: true },
      );
      refocus.current = `move-${direction}-${block.indexPartId}`;
      setBlocks(answer.blocks);
      const place = answer.blocks.findIndex((b) => b.indexPartId === block.indexPartId) + 1;
      setStatus(t('contentDesk:order.moved', { title: title(block), place }));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const title = (block: HomeBlockView) => (locale === 'en-us' && block.titleEn) || block.titleZh;

  return (
    <div className="space-y-8">
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      <FormAlert message={error} />
      {blocks.length === 0 ? (
        <p className="rounded-box bg-base-200 p-4">{h('empty')}</p>
      ) : (
        <ol className="space-y-2">
          {blocks.map((block, i) => (
            <li
              key={block.indexPartId}
              className="flex flex-col gap-2 rounded-box border border-base-300 p-3 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <p className="text-xs text-base-content/70">
                  {h('place', { place: i + 1 })} · {h(`types.${block.type}`)}
                  {block.items.length > 0 && ` · ${h('entries', { count: block.items.length })}`}
                </p>
                <p className="font-medium break-words">
                  {title(block)} {!block.visible && <span className="badge badge-ghost badge-sm">{h('hidden')}</span>}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <MoveButtons
                  locale={locale}
                  idPrefix="move"
                  id={block.indexPartId}
                  title={title(block)}
                  index={i}
                  count={blocks.length}
                  disabled={!hydrated}
                  busy={busy}
                  onMove={(direction) => void move(block, direction)}
                />
                <a
                  className="btn btn-sm btn-outline"
                  href={localePath(`/staff/content/home/${block.indexPartId}`, locale)}
                  aria-label={h('editNamed', { title: title(block) })}
                >
                  {h('edit')}
                </a>
              </div>
            </li>
          ))}
        </ol>
      )}
      <NewBlock locale={locale} />
    </div>
  );
}

/** Adds a block of a chosen kind, placed last, and opens its form. */
function NewBlock({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const h = (key: string) => t(`contentDesk:home.${key}`);
  const [type, setType] = useState<IndexPartType>('card');
  const labels = { titleZh: h('form.titleZh'), titleEn: h('form.titleEn'), itemLimit: h('form.itemLimit') };
  const form = useForm<Values>({
    schema: homeBlockForm,
    initial: { titleZh: '', titleEn: '', itemLimit: '6', visible: true },
    labels,
    t,
  });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    let created: HomeBlockView | undefined;
    const ok = await form.submit(async (values) => {
      created = await apiPost<HomeBlockView>(
        '/api/amsw1101/content/home/save',
        { ...values, type, itemLimit: Number(values.itemLimit) },
        { suppressErrorToast: true },
      );
    });
    if (ok && created)
      window.location.assign(`${localePath(`/staff/content/home/${created.indexPartId}`, locale)}?done=saved`);
  };

  return (
    <section className="rounded-box bg-base-200 p-4" aria-labelledby="new-block-heading">
      <h2 id="new-block-heading" className="mb-3 text-lg font-semibold">
        {h('new.title')}
      </h2>
      <IslandForm onSubmit={onSubmit} busy={form.submitting}>
        <FormAlert message={form.formError} />
        <div className="grid gap-3 md:grid-cols-3">
          <div className="flex flex-col">
            <label htmlFor="field-type" className="mb-1 text-sm font-medium">
              {h('new.type')}
            </label>
            <select
              id="field-type"
              className="select select-bordered w-full"
              value={type}
              aria-describedby="field-type-hint"
              onChange={(e) => setType(e.target.value as IndexPartType)}
            >
              {INDEX_PART_TYPES.map((kind) => (
                <option key={kind} value={kind}>
                  {h(`types.${kind}`)}
                </option>
              ))}
            </select>
            <p id="field-type-hint" className="mt-1 text-xs text-base-content/70">
              {h(`typeHints.${type}`)}
            </p>
          </div>
          <BilingualFields form={form} labels={labels} t={t} name="title" required maxLength={100} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={form.submitting}>
          {h('new.submit')}
        </button>
      </IslandForm>
    </section>
  );
}
