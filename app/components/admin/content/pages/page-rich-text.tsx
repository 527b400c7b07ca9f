import { isSafeUrl } from "~/core/url";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  Unlink,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { FieldNotes, fieldNoteIds } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/*
 * The content of a site page: Tiptap (StarterKit: paragraphs, h2/h3, lists, bold, italic,
 * links…) with a toolbar. The HTML it gives is cleaned again on the server when saved.
 * The toolbar is one tab stop; arrow keys move between its buttons (WAI-ARIA toolbar).
 */

export const INVALID_LINK_MESSAGE =
  "Adresse invalide : http(s)://…, mailto:…, tel:… ou un chemin commençant par /";

export function isAllowedHref(href: string): boolean {
  if (/^(mailto:|tel:)/i.test(href)) return !/\s/.test(href);
  return isSafeUrl(href);
}

/** The editor's HTML, "" for an empty document (Tiptap gives "<p></p>"). */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? "" : editor.getHTML();
}

interface Tool {
  label: string;
  shortcut?: string;
  icon: LucideIcon;
  active: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const TOOLS: Tool[] = [
  {
    label: "Gras",
    shortcut: "Ctrl+B",
    icon: Bold,
    active: (e) => e.isActive("bold"),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: "Italique",
    shortcut: "Ctrl+I",
    icon: Italic,
    active: (e) => e.isActive("italic"),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: "Titre de section",
    icon: Heading2,
    active: (e) => e.isActive("heading", { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: "Sous-titre",
    icon: Heading3,
    active: (e) => e.isActive("heading", { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: "Liste à puces",
    icon: List,
    active: (e) => e.isActive("bulletList"),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: "Liste numérotée",
    icon: ListOrdered,
    active: (e) => e.isActive("orderedList"),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
];

export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  description,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  description?: string;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const { describedBy } = fieldNoteIds(id, description, error);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  /** The editable area's attributes: its name, description, error state and look. */
  function attributes(): Record<string, string> {
    return {
      role: "textbox",
      "aria-multiline": "true",
      "aria-labelledby": labelId,
      ...(describedBy ? { "aria-describedby": describedBy } : {}),
      ...(error ? { "aria-invalid": "true" } : {}),
      class: cn(
        "min-h-64 px-4 py-3 text-base text-ink outline-none",
        "[&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:text-xl [&_h3]:font-bold",
        "[&_p]:mt-2 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-6",
        "[&_a]:font-semibold [&_a]:text-teal-dark [&_a]:underline",
        "[&>*:first-child]:mt-0",
      ),
    };
  }

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          isAllowedUri: (url) => isAllowedHref(url),
          HTMLAttributes: { target: null, rel: null },
        },
      }),
    ],
    content: value,
    editorProps: { attributes: attributes() },
    onUpdate: ({ editor: current }) => onChangeRef.current(htmlOf(current)),
  });

  // The error comes and goes after the editor was made.
  const attributesKey = JSON.stringify(attributes());
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) } });
  }, [editor, attributesKey]);

  // A new value from outside (a save's cleaned HTML, another record) replaces the document.
  useEffect(() => {
    if (editor && value !== htmlOf(editor)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-semibold text-ink">
        {label}
      </span>
      <div
        className={cn(
          "overflow-hidden rounded-md border bg-white focus-within:ring-2 focus-within:ring-teal-dark/40",
          error ? "border-red-700" : "border-gray-400",
        )}
      >
        <Toolbar editor={editor} label={label} />
        {editor ? (
          <EditorContent editor={editor} />
        ) : (
          <div className="min-h-64 px-4 py-3 text-gray-600">Chargement de l'éditeur…</div>
        )}
      </div>
      <FieldNotes controlId={id} description={description} error={error} />
    </div>
  );
}

function Toolbar({ editor, label }: { editor: Editor | null; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            active: TOOLS.map((tool) => tool.active(current)),
            link: current.isActive("link"),
            href: (current.getAttributes("link").href as string | undefined) ?? "",
          }
        : null,
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const count = TOOLS.length + 2;

  // Only "Retirer le lien" is ever disabled on its own (outside a link).
  const disabledAt = (index: number) => !editor || (index === count - 1 && !state?.link);
  const enabled = Array.from({ length: count }, (_, i) => i).filter((i) => !disabledAt(i));
  const tabStop = enabled.includes(focusIndex) ? focusIndex : (enabled[0] ?? 0);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (enabled.length === 0) return;
    const at = Math.max(0, enabled.indexOf(tabStop));
    const moves: Record<string, number> = {
      ArrowRight: (at + 1) % enabled.length,
      ArrowLeft: (at - 1 + enabled.length) % enabled.length,
      Home: 0,
      End: enabled.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = enabled[moves[event.key]!]!;
    setFocusIndex(next);
    buttons.current[next]?.focus();
  }

  const toolButton = (
    index: number,
    props: {
      label: string;
      icon: LucideIcon;
      pressed?: boolean;
      onClick: () => void;
      shortcut?: string;
    },
  ) => {
    const Icon = props.icon;
    return (
      <button
        key={props.label}
        ref={(element) => {
          buttons.current[index] = element;
        }}
        type="button"
        tabIndex={index === tabStop ? 0 : -1}
        aria-pressed={props.pressed}
        aria-keyshortcuts={props.shortcut?.replace("Ctrl", "Control")}
        title={props.shortcut ? `${props.label} (${props.shortcut})` : props.label}
        disabled={disabledAt(index)}
        onFocus={() => setFocusIndex(index)}
        onClick={props.onClick}
        className={cn(
          "inline-flex size-9 items-center justify-center rounded-md text-ink hover:bg-gray-200",
          "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-dark disabled:opacity-50",
          props.pressed && "bg-teal-light text-teal-dark",
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
        <span className="sr-only">{props.label}</span>
      </button>
    );
  };

  return (
    <div className="border-b border-gray-200 bg-gray-50">
      <div
        role="toolbar"
        aria-label={`Mise en forme : ${label}`}
        onKeyDown={onKeyDown}
        className="flex flex-wrap items-center gap-0.5 p-1"
      >
        {TOOLS.map((tool, index) =>
          toolButton(index, {
            label: tool.label,
            icon: tool.icon,
            shortcut: tool.shortcut,
            pressed: state?.active[index] ?? false,
            onClick: () => editor && tool.run(editor),
          }),
        )}
        <span aria-hidden="true" className="mx-1 h-6 w-px bg-gray-300" />
        {toolButton(TOOLS.length, {
          label: "Lien",
          icon: Link2,
          pressed: state?.link ?? false,
          onClick: () => setLinkOpen(true),
        })}
        {toolButton(TOOLS.length + 1, {
          label: "Retirer le lien",
          icon: Unlink,
          onClick: () => editor?.chain().focus().extendMarkRange("link").unsetLink().run(),
        })}
      </div>
      {linkOpen && editor && (
        <LinkForm
          editor={editor}
          initial={state?.href ?? ""}
          onClose={() => {
            setLinkOpen(false);
            buttons.current[TOOLS.length]?.focus();
          }}
        />
      )}
    </div>
  );
}

function LinkForm({
  editor,
  initial,
  onClose,
}: {
  editor: Editor;
  initial: string;
  onClose: () => void;
}) {
  const id = useId();
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  function apply() {
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange("link");
    if (url === "") {
      chain.unsetLink().run();
      return onClose();
    }
    if (!isAllowedHref(url)) return setError(INVALID_LINK_MESSAGE);
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain
        .insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] })
        .run();
    } else {
      chain.setLink({ href: url }).run();
    }
    onClose();
  }

  return (
    <div className="flex flex-col gap-2 border-t border-gray-200 p-2 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={id} className="sr-only">
          Adresse du lien
        </label>
        <Input
          id={id}
          autoFocus
          value={href}
          placeholder="https://… ou /contact"
          inputMode="url"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-erreur` : undefined}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            } else if (event.key === "Escape") {
              event.preventDefault();
              onClose();
            }
          }}
        />
        {error && (
          <p id={`${id}-erreur`} className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button size="sm" onClick={apply}>
          Appliquer le lien
        </Button>
        <Button size="sm" variant="secondary" onClick={onClose}>
          Annuler
        </Button>
      </div>
    </div>
  );
}
