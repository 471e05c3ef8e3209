import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextValue {
  /** The editor's HTML (sent to the server, which sanitises it again). */
  html: string;
  /** The plain text, trimmed: empty means nothing was written. */
  text: string;
}

interface RichTextEditorProps {
  /** Accessible name of the writing area, e.g. 'Kommentar'. */
  label: string;
  onChange: (value: RichTextValue) => void;
  placeholder?: string;
  disabled?: boolean;
  /** HTML shown at mount (e.g. a saved description); later changes need a new `key`. */
  initialValue?: string;
}

/** The toolbar of spec 1 §9: headings 1 and 2, bold, italic, lists, link. */
const TOOLBAR = [
  [{ header: 1 }, { header: 2 }],
  ['bold', 'italic'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link'],
];
const FORMATS = ['header', 'bold', 'italic', 'list', 'link'];

/**
 * A Quill 2 editor, 300px high. It is uncontrolled: the parent reads `onChange` and empties it by
 * remounting (a new `key`).
 */
export function RichTextEditor({
  label,
  onChange,
  placeholder,
  disabled,
  initialValue,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const listener = useRef(onChange);
  useEffect(() => {
    listener.current = onChange;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // A fresh element per mount: Quill owns it and its toolbar, and both go with the cleanup.
    const container = document.createElement('div');
    host.appendChild(container);
    const quill = new Quill(container, {
      theme: 'snow',
      placeholder,
      formats: FORMATS,
      modules: { toolbar: TOOLBAR },
    });
    quillRef.current = quill;
    const root = quill.root;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-label', label);
    const toolbar = host.querySelector('.ql-toolbar');
    toolbar?.setAttribute('aria-label', t('common.editor.toolbar'));
    const names: [string, string][] = [
      ['.ql-header[value="1"]', 'common.editor.heading1'],
      ['.ql-header[value="2"]', 'common.editor.heading2'],
      ['.ql-bold', 'common.editor.bold'],
      ['.ql-italic', 'common.editor.italic'],
      ['.ql-list[value="ordered"]', 'common.editor.orderedList'],
      ['.ql-list[value="bullet"]', 'common.editor.bulletList'],
      ['.ql-link', 'common.editor.link'],
    ];
    for (const [selector, key] of names) {
      host.querySelector(selector)?.setAttribute('aria-label', t(key));
    }
    // The snow theme's link tooltip writes its texts with CSS; these attributes feed it Danish ones.
    const tooltip = host.querySelector<HTMLElement>('.ql-tooltip');
    tooltip?.setAttribute('data-visit', t('common.editor.visitLink'));
    tooltip?.setAttribute('data-enter', t('common.editor.enterLink'));
    tooltip?.querySelector('a.ql-action')?.setAttribute('data-edit', t('common.editor.edit'));
    tooltip?.querySelector('a.ql-action')?.setAttribute('data-save', t('common.editor.save'));
    tooltip?.querySelector('a.ql-remove')?.setAttribute('data-remove', t('common.editor.remove'));
    tooltip?.querySelector('input')?.setAttribute('data-link', 'https://');
    tooltip?.querySelector('input')?.setAttribute('aria-label', t('common.editor.enterLink'));

    if (initialValue) quill.clipboard.dangerouslyPasteHTML(initialValue, Quill.sources.SILENT);
    quill.on(Quill.events.TEXT_CHANGE, () => {
      const text = quill.getText().trim();
      // Quill 2.0 writes every space as &nbsp; in its semantic HTML; empty closing lines say nothing.
      const html = text
        ? quill
            .getSemanticHTML()
            .replace(/&nbsp;/g, ' ')
            .replace(/(<p>(<br>)?<\/p>)+$/, '')
        : '';
      listener.current({ html, text });
    });
    return () => {
      quillRef.current = null;
      host.innerHTML = '';
    };
    // The editor is made once; label, placeholder and texts are read at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    quillRef.current?.enable(!disabled);
  }, [disabled]);

  return <div ref={hostRef} className="tb-rich-text" />;
}
