import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import {
  EditorContent,
  mergeAttributes,
  Node as EditorNode,
  useEditor,
  type Editor,
  type KeyboardShortcutCommand,
} from '@tiptap/react';
import { ListItem, ListKeymap } from '@tiptap/extension-list';
import StarterKit from '@tiptap/starter-kit';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { describedBy, FieldFrame } from '../shared/Field';
import { fileUrl } from '@/lib/format';
import { linkAllowed, pictureAllowed, unkeptTags } from './rich-text';

/** The source text area (HTML written by hand, and the text before the editor starts). */
const SOURCE_AREA = 'textarea textarea-bordered w-full font-mono text-sm';

export interface RichTextProps {
  name: string;
  label: string;
  /** The language of the text (`zh-Hant`, `en`): the editable area is marked with it. */
  lang: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  optionalText?: string | undefined;
  required?: boolean;
  /** The height of the source text area, in lines. */
  rows: number;
  t: TFunction;
  /** The society's pictures to insert in the text (the toolbar's picture button); none: no button. */
  images?: { fileId: number; name: string }[] | undefined;
}

/** One button of the toolbar. */
interface Tool {
  key: string;
  label: string;
  face: ReactNode;
  /** The key that does the same in the text (`aria-keyshortcuts` form). */
  shortcut?: string;
  /** For a mark or block that is on or off where the cursor is. */
  pressed?: boolean;
  /** Nothing to do now (undo with nothing done): stays focusable, says it is unavailable. */
  unavailable?: boolean;
  run: () => void;
}

/**
 * A list's keys without Tab and Shift+Tab, which are left to the browser: they move the focus
 * (back to the toolbar, on to the next field) in a list as everywhere else, not indent the item.
 */
function withoutTab(shortcuts: Record<string, KeyboardShortcutCommand>): Record<string, KeyboardShortcutCommand> {
  return Object.fromEntries(Object.entries(shortcuts).filter(([key]) => key !== 'Tab' && key !== 'Shift-Tab'));
}

/** A picture of the society's files in the text, with its alternative text (`pictureAllowed`). */
const Picture = EditorNode.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: '' }, width: { default: null }, height: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (el) => (pictureAllowed(el.getAttribute('src') ?? '') ? null : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});

/** The editor's parts: the starter kit within the sanitiser's tags, links limited to `linkAllowed`, pictures. */
const EXTENSIONS = [
  Picture,
  StarterKit.configure({
    heading: { levels: [2, 3, 4, 5, 6] },
    trailingNode: false,
    listItem: false,
    listKeymap: false,
    link: {
      openOnClick: false,
      defaultProtocol: 'https',
      HTMLAttributes: { target: null, rel: null },
      isAllowedUri: (url) => linkAllowed(url),
    },
  }),
  ListItem.extend({
    addKeyboardShortcuts() {
      return withoutTab(this.parent?.() ?? {});
    },
  }),
  ListKeymap.extend({
    addKeyboardShortcuts() {
      return withoutTab(this.parent?.() ?? {});
    },
  }),
];

/** A 16 px line drawing for a toolbar button. */
function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor">
      <path d={d} strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A rich text of the staff console (an article's, event's or page's text) written without HTML: a
 * toolbar (`role="toolbar"`, one tab stop, arrow keys move between its buttons) for headings,
 * marks, lists, quotations, links (an address asked in a dialog), lines, undo and redo, the usual
 * shortcuts in the text (Ctrl+B, Ctrl+I, Ctrl+U, Ctrl+K for a link…, Alt+F10 to the toolbar; Tab leaves
 * the text, lists included), and "HTML" to see and edit the
 * source. The value stays HTML; the server sanitises it. Before the editor starts (and for a text
 * with parts the editor cannot hold, such as a table) the source text area is shown.
 */
export default function RichTextField({
  name,
  label,
  lang,
  value,
  onChange,
  onBlur,
  error,
  optionalText,
  required,
  rows,
  t,
  images,
}: RichTextProps) {
  const r: Say = (key, options = {}) => t(`contentDesk:richText.${key}`, options);
  const id = `field-${name}`;
  const frame = { name, label, error, optionalText };
  const [source, setSource] = useState(false);
  const [kept, setKept] = useState<string[]>([]);
  const openLinkRef = useRef<() => void>(() => undefined);
  const openPictureRef = useRef<() => void>(() => undefined);

  const note = kept.length > 0 ? `${id}-kept` : undefined;
  const described = describedBy(frame, note);
  // The editable area, labelled and described like a form field (the editor applies these on every render).
  const attributes: Record<string, string> = {
    'aria-labelledby': `${id}-label`,
    'aria-multiline': 'true',
    lang,
    class: `rich-text rich-text-editable textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`,
    ...(source ? {} : { id }),
    ...(described ? { 'aria-describedby': described } : {}),
    ...(error ? { 'aria-invalid': 'true' } : {}),
    ...(required ? { 'aria-required': 'true' } : {}),
  };

  const editor = useEditor({
    immediatelyRender: false,
    // The toolbar says which marks are on where the cursor is: drawn again on every change.
    shouldRerenderOnTransaction: true,
    // The page's security policy allows no inline style element: the editor's few rules are in global.css.
    injectCSS: false,
    extensions: EXTENSIONS,
    content: value,
    editorProps: {
      attributes,
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          openLinkRef.current();
          return true;
        }
        // Alt+F10, as in other editors: to the toolbar, at the button last used.
        if (event.altKey && event.key === 'F10') {
          document.querySelector<HTMLElement>(`#${id}-toolbar [tabindex="0"]`)?.focus();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
    onBlur: () => onBlur(),
  });

  // A stored text with parts the editor cannot hold is edited as source, so saving keeps them.
  useEffect(() => {
    const found = unkeptTags(value);
    if (found.length > 0) {
      setKept(found);
      setSource(true);
    }
    // Only the stored text as the page opened with it.
  }, []);

  const showSource = () => {
    setSource(true);
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  };
  const showRich = () => {
    if (!editor) return;
    const found = unkeptTags(value);
    setKept(found);
    if (found.length > 0) return;
    editor.commands.setContent(value, { emitUpdate: false });
    setSource(false);
    requestAnimationFrame(() => editor.commands.focus());
  };

  return (
    <FieldFrame {...frame}>
      {editor && (
        <Toolbar
          id={`${id}-toolbar`}
          label={r('toolbar', { field: label })}
          controls={id}
          tools={tools(
            editor,
            r,
            source,
            source ? showRich : showSource,
            () => openLinkRef.current(),
            images ? () => openPictureRef.current() : null,
          )}
          onEnter={() => takeSelection(editor)}
        />
      )}
      {kept.length > 0 && (
        <p id={note} role="status" className="mb-1 text-sm text-base-content/80">
          {r('kept', { tags: kept.join(' ') })}
        </p>
      )}
      {editor && (
        <div hidden={source}>
          <EditorContent editor={editor} />
        </div>
      )}
      {(!editor || source) && (
        <textarea
          id={id}
          name={name}
          lang={lang}
          rows={rows}
          value={value}
          required={required}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={`${SOURCE_AREA} ${error ? 'textarea-error' : ''}`}
        />
      )}
      {editor && <LinkDialog editor={editor} r={r} name={name} openRef={openLinkRef} />}
      {editor && images && <PictureDialog editor={editor} r={r} name={name} images={images} openRef={openPictureRef} />}
    </FieldFrame>
  );
}

type Say = (key: string, options?: Record<string, string>) => string;

/** The toolbar's buttons where the cursor is now: formatting (none while the source is shown), then "HTML". */
function tools(
  editor: Editor,
  r: Say,
  source: boolean,
  toggleSource: () => void,
  openLink: () => void,
  openPicture: (() => void) | null,
): Tool[] {
  const sourceTool: Tool = {
    key: 'source',
    label: r('source'),
    face: <span className="font-mono text-xs">{r('sourceShort')}</span>,
    pressed: source,
    run: toggleSource,
  };
  if (source) return [sourceTool];
  const chain = () => editor.chain().focus();
  const on = (nameOrAttrs: string, attrs?: Record<string, unknown>) => editor.isActive(nameOrAttrs, attrs);
  const heading = (level: 2 | 3 | 4): Tool => ({
    key: `h${level}`,
    label: r(`h${level}`),
    face: <span className="text-xs font-bold">H{level}</span>,
    shortcut: `Control+Alt+${level}`,
    pressed: on('heading', { level }),
    run: () => chain().toggleHeading({ level }).run(),
  });
  return [
    {
      key: 'paragraph',
      label: r('paragraph'),
      face: <span aria-hidden="true">¶</span>,
      shortcut: 'Control+Alt+0',
      pressed: on('paragraph'),
      run: () => chain().setParagraph().run(),
    },
    heading(2),
    heading(3),
    heading(4),
    {
      key: 'bold',
      label: r('bold'),
      face: <b>B</b>,
      shortcut: 'Control+B',
      pressed: on('bold'),
      run: () => chain().toggleBold().run(),
    },
    {
      key: 'italic',
      label: r('italic'),
      face: <i className="font-serif">I</i>,
      shortcut: 'Control+I',
      pressed: on('italic'),
      run: () => chain().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: r('underline'),
      face: <u>U</u>,
      shortcut: 'Control+U',
      pressed: on('underline'),
      run: () => chain().toggleUnderline().run(),
    },
    {
      key: 'strike',
      label: r('strike'),
      face: <s>S</s>,
      shortcut: 'Control+Shift+S',
      pressed: on('strike'),
      run: () => chain().toggleStrike().run(),
    },
    {
      key: 'bulletList',
      label: r('bulletList'),
      face: <Icon d="M6 4h8M6 8h8M6 12h8M2.5 4h.01M2.5 8h.01M2.5 12h.01" />,
      shortcut: 'Control+Shift+8',
      pressed: on('bulletList'),
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: r('orderedList'),
      face: <Icon d="M6 4h8M6 8h8M6 12h8M2 2.5l1-.5v3M1.8 9.5c.3-1.2 2.2-1.1 2 .1-.1.6-2 1.5-2 2.4h2.2" />,
      shortcut: 'Control+Shift+7',
      pressed: on('orderedList'),
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: 'blockquote',
      label: r('blockquote'),
      face: <Icon d="M3 3v10M6.5 5h7M6.5 8h7M6.5 11h5" />,
      shortcut: 'Control+Shift+B',
      pressed: on('blockquote'),
      run: () => chain().toggleBlockquote().run(),
    },
    {
      key: 'link',
      label: r('link'),
      face: <Icon d="M7 9a3 3 0 0 0 4.2 0l2-2A3 3 0 0 0 9 2.8l-1 1M9 7a3 3 0 0 0-4.2 0l-2 2A3 3 0 0 0 7 13.2l1-1" />,
      shortcut: 'Control+K',
      pressed: on('link'),
      run: openLink,
    },
    ...(openPicture
      ? [
          {
            key: 'picture',
            label: r('picture'),
            face: <Icon d="M2 3h12v10H2zM2 11l3.5-3.5 3 3 2-2L14 12M10.5 6.5h.01" />,
            run: openPicture,
          },
        ]
      : []),
    {
      key: 'rule',
      label: r('rule'),
      face: <Icon d="M2 8h12" />,
      run: () => chain().setHorizontalRule().run(),
    },
    {
      key: 'undo',
      label: r('undo'),
      face: <Icon d="M5.5 3 2.5 6l3 3M2.5 6h7a4 4 0 0 1 0 8h-2" />,
      shortcut: 'Control+Z',
      unavailable: !editor.can().undo(),
      run: () => chain().undo().run(),
    },
    {
      key: 'redo',
      label: r('redo'),
      face: <Icon d="M10.5 3l3 3-3 3M13.5 6h-7a4 4 0 0 0 0 8h2" />,
      shortcut: 'Control+Shift+Z',
      unavailable: !editor.can().redo(),
      run: () => chain().redo().run(),
    },
    sourceTool,
  ];
}

/**
 * The text's selection as the page shows it, taken into the editor as focus leaves for the
 * toolbar: the editor reads a selection change a moment after it happens, so keys pressed just
 * before leaving (Shift+Arrow, then Shift+Tab) would otherwise be lost to the button pressed next.
 */
function takeSelection(editor: Editor) {
  const { view } = editor;
  const selection = window.getSelection();
  const { anchorNode, focusNode } = selection ?? {};
  if (!selection || !anchorNode || !focusNode || !view.dom.contains(anchorNode) || !view.dom.contains(focusNode))
    return;
  try {
    const anchor = view.posAtDOM(anchorNode, selection.anchorOffset);
    const head = view.posAtDOM(focusNode, selection.focusOffset);
    const now = view.state.selection;
    if (anchor !== now.anchor || head !== now.head) editor.commands.setTextSelection({ from: anchor, to: head });
  } catch {
    // A place the document no longer has: the editor's own selection stands.
  }
}

/**
 * The row of buttons above the text: one tab stop (the button last used), arrow keys, Home and
 * End move between them. Each button says whether its mark or block is on where the cursor is.
 */
function Toolbar({
  id,
  label,
  controls,
  tools,
  onEnter,
}: {
  id: string;
  label: string;
  controls: string;
  tools: Tool[];
  /** Focus comes into the toolbar from elsewhere. */
  onEnter: () => void;
}) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const at = Math.min(current, tools.length - 1);
  const move = (event: React.KeyboardEvent) => {
    const last = tools.length - 1;
    const next = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  return (
    <div
      id={id}
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      className="mb-1 flex flex-wrap gap-1 rounded-box border border-base-300 bg-base-200 p-1"
      onKeyDown={move}
      onFocus={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onEnter();
      }}
    >
      {tools.map((tool, index) => (
        <button
          key={tool.key}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          tabIndex={index === at ? 0 : -1}
          aria-label={tool.label}
          title={tool.shortcut ? `${tool.label} (${tool.shortcut.replace('Control', 'Ctrl')})` : tool.label}
          aria-keyshortcuts={tool.shortcut}
          aria-pressed={tool.pressed}
          aria-disabled={tool.unavailable ? true : undefined}
          className={`btn btn-sm ${tool.key === 'source' ? 'px-2' : 'btn-square'} ${tool.pressed ? 'btn-neutral' : 'btn-ghost'} ${tool.unavailable ? 'opacity-50' : ''}`}
          onFocus={() => setCurrent(index)}
          onClick={() => {
            if (!tool.unavailable) tool.run();
          }}
        >
          {tool.face}
        </button>
      ))}
    </div>
  );
}

/**
 * The address of a link, asked in a dialog (Ctrl+K or the toolbar's link button): http(s),
 * mailto, tel or a page of this site. With nothing chosen the address itself becomes the text.
 */
function LinkDialog({
  editor,
  r,
  name,
  openRef,
}: {
  editor: Editor;
  r: Say;
  name: string;
  openRef: React.RefObject<() => void>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [href, setHref] = useState('');
  const [wrong, setWrong] = useState(false);
  const [linked, setLinked] = useState(false);
  const inputId = `field-${name}-link`;

  openRef.current = () => {
    setHref(String(editor.getAttributes('link').href ?? ''));
    setLinked(editor.isActive('link'));
    setWrong(false);
    dialog.current?.showModal();
  };

  const finish = (change: () => void) => {
    dialog.current?.close();
    change();
  };
  const apply = () => {
    const address = href.trim();
    if (!linkAllowed(address)) {
      setWrong(true);
      input.current?.focus();
      return;
    }
    finish(() => {
      const chain = editor.chain().focus();
      if (editor.state.selection.empty && !editor.isActive('link')) {
        chain.insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] }).run();
      } else {
        chain.extendMarkRange('link').setLink({ href: address }).run();
      }
    });
  };

  return (
    <ConfirmDialog
      ref={dialog}
      title={r('linkTitle')}
      text={r('linkText')}
      cancel={r('linkCancel')}
      confirm={r('linkApply')}
      onConfirm={apply}
    >
      <div className="grid gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          {r('linkAddress')}
        </label>
        <input
          ref={input}
          id={inputId}
          type="text"
          inputMode="url"
          autoComplete="off"
          className={`input input-bordered w-full ${wrong ? 'input-error' : ''}`}
          value={href}
          aria-invalid={wrong ? true : undefined}
          aria-describedby={wrong ? `${inputId}-error` : undefined}
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={(e) => {
            // Enter applies the link; it must not send the form the dialog sits in.
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
        />
        {wrong && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-error">
            {r('linkWrong')}
          </p>
        )}
        {linked && (
          <button
            type="button"
            className="btn btn-ghost btn-sm justify-self-start"
            onClick={() => finish(() => editor.chain().focus().extendMarkRange('link').unsetLink().run())}
          >
            {r('linkRemove')}
          </button>
        )}
      </div>
    </ConfirmDialog>
  );
}

/**
 * A picture from the society's files, inserted where the cursor is: chosen by its thumbnail, with
 * the words that stand for it (in the text's language) for readers who cannot see it.
 */
function PictureDialog({
  editor,
  r,
  name,
  images,
  openRef,
}: {
  editor: Editor;
  r: Say;
  name: string;
  images: { fileId: number; name: string }[];
  openRef: React.RefObject<() => void>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [alt, setAlt] = useState('');
  const [wrong, setWrong] = useState<'picture' | 'alt' | null>(null);
  const altId = `field-${name}-picture-alt`;

  openRef.current = () => {
    setChosen(null);
    setAlt('');
    setWrong(null);
    dialog.current?.showModal();
  };
  const insert = () => {
    if (chosen === null) return setWrong('picture');
    if (alt.trim() === '') return setWrong('alt');
    dialog.current?.close();
    editor
      .chain()
      .focus()
      .insertContent({ type: 'image', attrs: { src: fileUrl(chosen), alt: alt.trim() } })
      .run();
  };

  return (
    <ConfirmDialog
      ref={dialog}
      title={r('pictureTitle')}
      text={r('pictureText')}
      cancel={r('linkCancel')}
      confirm={r('pictureInsert')}
      onConfirm={insert}
    >
      <div className="grid gap-2">
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{r('pictureChoose')}</legend>
          {images.length === 0 ? (
            <p className="text-sm">{r('pictureNone')}</p>
          ) : (
            <ul className="grid max-h-60 grid-cols-3 gap-1 overflow-y-auto rounded-box border border-base-300 p-1">
              {images.map((image) => (
                <li key={image.fileId}>
                  <label
                    className={`flex cursor-pointer flex-col items-center gap-1 rounded-box border-2 p-1 text-center text-xs has-[:focus-visible]:outline has-[:focus-visible]:outline-2 ${
                      chosen === image.fileId ? 'border-primary bg-base-200' : 'border-transparent hover:bg-base-200'
                    }`}
                  >
                    <input
                      type="radio"
                      className="sr-only"
                      name={`${name}-picture`}
                      checked={chosen === image.fileId}
                      onChange={() => setChosen(image.fileId)}
                    />
                    <img
                      src={fileUrl(image.fileId)}
                      alt=""
                      loading="lazy"
                      width={80}
                      height={56}
                      className="h-14 w-20 rounded object-cover"
                    />
                    <span className="w-20 break-all">{image.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {wrong === 'picture' && (
            <p role="alert" className="mt-1 text-sm text-error">
              {r('pictureNeeded')}
            </p>
          )}
        </fieldset>
        <label htmlFor={altId} className="text-sm font-medium">
          {r('pictureAlt')}
        </label>
        <input
          id={altId}
          type="text"
          autoComplete="off"
          className={`input input-bordered w-full ${wrong === 'alt' ? 'input-error' : ''}`}
          value={alt}
          aria-invalid={wrong === 'alt' ? true : undefined}
          aria-describedby={wrong === 'alt' ? `${altId}-error` : `${altId}-hint`}
          onChange={(e) => setAlt(e.target.value)}
          onKeyDown={(e) => {
            // Enter inserts the picture; it must not send the form the dialog sits in.
            if (e.key === 'Enter') {
              e.preventDefault();
              insert();
            }
          }}
        />
        {wrong === 'alt' ? (
          <p id={`${altId}-error`} role="alert" className="text-sm text-error">
            {r('pictureAltNeeded')}
          </p>
        ) : (
          <p id={`${altId}-hint`} className="text-xs text-base-content/70">
            {r('pictureAltHint')}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
