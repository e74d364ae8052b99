import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { ITEM_PART_TYPES } from '@/lib/content-types';
import { fileUrl } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { homeBlockForm, homeItemForm, type HomeBlockView, type HomeItemView } from '@/lib/schemas/content-home';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useHydrated } from '../shared/use-hydrated';
import { useForm, type Values } from '../shared/use-form';
import BilingualFields from './BilingualFields';
import SaveDeleteForm, { useDeletion } from './editor/DeleteAction';
import { boundField, FormCheck, saveHandler } from './editor/fields';
import ContentUpload from './ContentUpload';
import MoveButtons, { useRefocus } from './MoveButtons';

interface Image {
  fileId: number;
  name: string;
}

interface Props {
  locale: Locale;
  block: HomeBlockView;
  /** The society's pictures to choose from, newest first. */
  images: Image[];
  maxFileMb: number;
}

/**
 * One home block: its titles, how many news or events it lists and whether it shows; for a
 * carousel, card or link block its entries, each moved, edited (texts, picture chosen or uploaded
 * with a progress bar, link) or removed; the whole block is deleted after a confirmation. Every
 * save sends the `updatedAt` it was read with.
 */
export default function HomeBlockEditor({ locale, block: initial, images: initialImages, maxFileMb }: Props) {
  const t = getT(locale);
  const h = (key: string, values: Record<string, string | number> = {}) => t(`contentDesk:home.${key}`, values);
  const [block, setBlock] = useState(initial);
  const [images, setImages] = useState(initialImages);
  const [status, setStatus] = useState<string | null>(null);
  const withItems = (ITEM_PART_TYPES as readonly string[]).includes(block.type);

  return (
    <div className="space-y-8">
      <div role="status" aria-live="polite">
        {status && <p className="alert alert-success">{status}</p>}
      </div>
      <BlockForm
        locale={locale}
        block={block}
        onSaved={(saved) => {
          setBlock(saved);
          setStatus(h('form.saved'));
        }}
      />
      {withItems && (
        <Items
          locale={locale}
          block={block}
          images={images}
          maxFileMb={maxFileMb}
          onImage={(image) => setImages((list) => [image, ...list])}
          onChange={(saved, text) => {
            setBlock(saved);
            setStatus(text);
          }}
        />
      )}
    </div>
  );
}

function BlockForm({
  locale,
  block,
  onSaved,
}: {
  locale: Locale;
  block: HomeBlockView;
  onSaved: (block: HomeBlockView) => void;
}) {
  const t = getT(locale);
  const h = (key: string) => t(`contentDesk:home.form.${key}`);
  const lists = block.type === 'ltsnews' || block.type === 'event';
  const labels = { titleZh: h('titleZh'), titleEn: h('titleEn'), itemLimit: h('itemLimit') };
  const form = useForm<Values>({
    schema: homeBlockForm,
    initial: {
      titleZh: block.titleZh,
      titleEn: block.titleEn,
      itemLimit: String(block.itemLimit),
      visible: block.visible,
    },
    labels,
    t,
  });
  const onSubmit = saveHandler<HomeBlockView>(
    form,
    '/api/amsw1101/content/home/save',
    (values) => ({
      ...values,
      itemLimit: Number(values.itemLimit),
      indexPartId: block.indexPartId,
      updatedAt: block.updatedAt,
    }),
    onSaved,
  );
  const deletion = useDeletion(form);
  return (
    <SaveDeleteForm
      form={form}
      onSubmit={onSubmit}
      save={h('save')}
      deletion={deletion}
      remove={{
        label: h('delete'),
        title: h('deleteTitle'),
        text: t(`contentDesk:home.form.deleteText${block.items.length > 0 ? 'Items' : ''}`, {
          title: (locale === 'en-us' && block.titleEn) || block.titleZh,
          count: block.items.length,
        }),
        cancel: t('contentDesk:home.items.cancel'),
        onConfirm: () =>
          void deletion.remove(
            '/api/amsw1101/content/home/delete',
            { indexPartId: block.indexPartId, updatedAt: block.updatedAt },
            `${localePath('/staff/content/home', locale)}?done=deleted`,
          ),
      }}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <BilingualFields form={form} labels={labels} t={t} name="title" required maxLength={100} />
        {lists && (
          <Field
            {...boundField(form, labels, 'itemLimit')}
            type="number"
            inputMode="numeric"
            min={1}
            max={24}
            hint={h('itemLimitHint')}
          />
        )}
      </div>
      <FormCheck form={form} name="visible" label={h('visible')} />
    </SaveDeleteForm>
  );
}

function Items({
  locale,
  block,
  images,
  maxFileMb,
  onImage,
  onChange,
}: {
  locale: Locale;
  block: HomeBlockView;
  images: Image[];
  maxFileMb: number;
  onImage: (image: Image) => void;
  onChange: (block: HomeBlockView, status: string) => void;
}) {
  const t = getT(locale);
  const h = (key: string, values: Record<string, string | number> = {}) => t(`contentDesk:home.${key}`, values);
  /** The entry being edited: its id, `new`, or none. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState<HomeItemView | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const refocus = useRefocus(block);
  const hydrated = useHydrated();
  const title = (item: HomeItemView) => (locale === 'en-us' && item.titleEn) || item.titleZh;

  const call = async (path: string, body: Record<string, unknown>, text: string, focus?: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await apiPost<HomeBlockView>(path, body, { suppressErrorToast: true });
      refocus.current = focus ?? null;
      onChange(saved, text);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
      dialog.current?.close();
    }
  };
  /** The form of an entry (a new one without `item`), closed once saved. */
  const itemForm = (item?: HomeItemView) => (
    <ItemForm
      locale={locale}
      block={block}
      item={item}
      images={images}
      maxFileMb={maxFileMb}
      onImage={onImage}
      onSaved={(saved) => {
        setEditing(null);
        onChange(saved, h('items.saved'));
      }}
    />
  );

  return (
    <section aria-labelledby="items-heading" className="space-y-4">
      <h2 id="items-heading" className="text-lg font-semibold">
        {h('items.title')}
      </h2>
      <FormAlert message={error} />
      {block.items.length === 0 && <p className="rounded-box bg-base-200 p-4">{h('items.empty')}</p>}
      <ol className="space-y-2">
        {block.items.map((item, i) => (
          <li key={item.itemId} className="rounded-box border border-base-300 p-3">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              {item.imageFileId ? (
                <img
                  src={fileUrl(item.imageFileId)}
                  alt=""
                  width={96}
                  height={60}
                  className="h-15 w-24 shrink-0 rounded object-cover"
                />
              ) : (
                <span className="text-sm text-base-content/70">{h('items.noImage')}</span>
              )}
              <p className="min-w-0 flex-1 font-medium break-words">{title(item)}</p>
              <div className="flex flex-wrap gap-2">
                <MoveButtons
                  locale={locale}
                  idPrefix="item"
                  id={item.itemId}
                  title={title(item)}
                  index={i}
                  count={block.items.length}
                  disabled={!hydrated}
                  onMove={(direction) =>
                    void call(
                      '/api/amsw1101/content/home/items/move',
                      { itemId: item.itemId, direction },
                      t('contentDesk:order.moved', { title: title(item), place: direction === 'up' ? i : i + 2 }),
                      `item-${direction}-${item.itemId}`,
                    )
                  }
                />
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-expanded={editing === item.itemId}
                  aria-label={h('items.editNamed', { title: title(item) })}
                  onClick={() => setEditing(editing === item.itemId ? null : item.itemId)}
                >
                  {h('items.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-error"
                  aria-label={h('items.deleteNamed', { title: title(item) })}
                  onClick={() => {
                    setTarget(item);
                    dialog.current?.showModal();
                  }}
                >
                  {h('items.delete')}
                </button>
              </div>
            </div>
            {editing === item.itemId && itemForm(item)}
          </li>
        ))}
      </ol>
      {editing === 'new' ? (
        <div className="rounded-box bg-base-200 p-4">
          <h3 className="mb-2 font-semibold">{h('items.add')}</h3>
          {itemForm()}
        </div>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {h('items.add')}
        </button>
      )}
      <ConfirmDialog
        ref={dialog}
        text={target ? h('items.deleteConfirm', { title: title(target) }) : ''}
        cancel={h('items.cancel')}
        confirm={h('items.delete')}
        danger
        busy={busy}
        onConfirm={() =>
          target &&
          void call(
            '/api/amsw1101/content/home/items/delete',
            { itemId: target.itemId, updatedAt: target.updatedAt },
            h('items.removed'),
          )
        }
      />
    </section>
  );
}

const ITEM_TEXTS = ['titleZh', 'titleEn', 'descriptionZh', 'descriptionEn', 'imageAltZh', 'imageAltEn'] as const;

/** An entry's form (one open at a time, so its fields keep the plain ids the form helpers give). */
function ItemForm({
  locale,
  block,
  item,
  images,
  maxFileMb,
  onImage,
  onSaved,
}: {
  locale: Locale;
  block: HomeBlockView;
  item?: HomeItemView;
  images: Image[];
  maxFileMb: number;
  onImage: (image: Image) => void;
  onSaved: (block: HomeBlockView) => void;
}) {
  const t = getT(locale);
  const h = (key: string) => t(`contentDesk:home.items.${key}`);
  /** The form's own name of a field (`titleZh` → `itemTitleZh`), so its ids differ from the block form's. */
  const field = (name: string) => `item${name[0]!.toUpperCase()}${name.slice(1)}`;
  const labels: Record<string, string> = Object.fromEntries(
    [...ITEM_TEXTS, 'linkUrl'].map((name) => [field(name), h(name)]),
  );
  const [imageFileId, setImageFileId] = useState<number | null>(item?.imageFileId ?? null);
  const form = useForm<Values>({
    schema: homeItemForm,
    initial: {
      ...Object.fromEntries(ITEM_TEXTS.map((name) => [field(name), item?.[name] ?? ''])),
      itemLinkUrl: item?.linkUrl ?? '',
      itemOpenInNewTab: item?.openInNewTab ?? false,
    },
    labels,
    t,
  });
  const onSubmit = saveHandler<HomeBlockView>(
    form,
    '/api/amsw1101/content/home/items/save',
    (values) => ({
      ...Object.fromEntries([...ITEM_TEXTS, 'linkUrl', 'openInNewTab'].map((name) => [name, values[field(name)]])),
      indexPartId: block.indexPartId,
      imageFileId,
      ...(item ? { itemId: item.itemId, updatedAt: item.updatedAt } : {}),
    }),
    onSaved,
  );
  const value = (name: string) => String(form.values[name] ?? '');
  const texts = { form, labels, t };
  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting} className="mt-3 space-y-4">
      <FormAlert message={form.formError} />
      <div className="grid gap-3 md:grid-cols-2">
        <BilingualFields {...texts} name="itemTitle" required maxLength={200} />
        <BilingualFields {...texts} name="itemDescription" rows={3} maxLength={1000} />
        <BilingualFields {...texts} name="itemImageAlt" maxLength={200} />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <label htmlFor="field-imageFileId" className="text-sm font-medium">
            {h('image')}
          </label>
          <select
            id="field-imageFileId"
            className="select select-bordered w-full"
            aria-describedby="field-imageFileId-hint"
            value={imageFileId === null ? '' : String(imageFileId)}
            onChange={(e) => setImageFileId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{h('noImage')}</option>
            {images.map((image) => (
              <option key={image.fileId} value={String(image.fileId)}>
                {image.name}
              </option>
            ))}
          </select>
          <p id="field-imageFileId-hint" className="text-xs text-base-content/70">
            {h('imageHint')}
          </p>
          {imageFileId !== null && (
            <img
              src={fileUrl(imageFileId)}
              alt=""
              width={192}
              height={120}
              className="h-30 w-48 rounded object-cover"
            />
          )}
        </div>
        <ContentUpload
          locale={locale}
          id="item-image-upload"
          label={t('contentDesk:files.upload')}
          maxFileMb={maxFileMb}
          only="image"
          onUploaded={(file) => {
            onImage({ fileId: file.fileId, name: file.name });
            setImageFileId(file.fileId);
          }}
        />
      </div>
      <Field
        name="itemLinkUrl"
        label={labels.itemLinkUrl!}
        optionalText={t('account:optional')}
        hint={h('linkUrlHint')}
        maxLength={500}
        inputMode="url"
        value={value('itemLinkUrl')}
        onChange={(v) => form.set('itemLinkUrl', v)}
        onBlur={() => form.touch('itemLinkUrl')}
        error={form.errorOf('itemLinkUrl')}
      />
      <label className="flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="checkbox"
          checked={form.values.itemOpenInNewTab === true}
          onChange={(e) => form.set('itemOpenInNewTab', e.target.checked)}
        />
        <span>{h('openInNewTab')}</span>
      </label>
      <button type="submit" className="btn btn-primary" disabled={form.submitting}>
        {h('save')}
      </button>
    </IslandForm>
  );
}
