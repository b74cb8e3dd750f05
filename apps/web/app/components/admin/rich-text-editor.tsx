import { useRef, useState, type ReactNode } from "react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { toast } from "../../lib/toast";
import { MAX_BLOG_IMAGE_BYTES, ADMIN_MSG } from "@khelkud/contracts";
import { PROSE } from "../rich-text";
import { contentApi } from "./api/content";

/**
 * The blog post editor (Tiptap): headings, bold/italic, lists, quotes, links and pictures uploaded through the admin
 * image pipeline. Loaded lazily by the blog form only, so no storefront page carries it. It edits HTML; the server
 * sanitises whatever arrives before storing it, and the HTML loaded here has been sanitised already.
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
  invalid,
}: {
  value: string;
  onChange: (html: string, empty: boolean) => void;
  label: string;
  invalid?: boolean;
}) {
  const [uploading, setUploading] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  // Pictures pasted or dropped into the text go through the same upload as the toolbar's button.
  const insertRef = useRef<(file: File) => void>(() => undefined);
  const takePictures = (files: FileList | undefined | null): boolean => {
    const pictures = [...(files ?? [])].filter((f) => f.type.startsWith("image/"));
    for (const f of pictures) insertRef.current(f);
    return pictures.length > 0;
  };
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        // Only web and mail links; anything else (javascript:, data:) is refused by the editor as well as the server.
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["http", "https", "mailto", "tel"],
          isAllowedUri: (url) => /^(https?:|mailto:|tel:|\/)/i.test(url.trim()),
        },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value,
    editorProps: {
      attributes: {
        // TipTap's own stylesheet (unlayered, so above Tailwind's utilities) sets `word-wrap: break-word`, which lets a
        // long address widen the dialog on a phone: PROSE's `overflow-wrap: anywhere` is insisted on here.
        class: `${PROSE} ![overflow-wrap:anywhere] min-h-64 px-3 py-2 focus:outline-none`,
        "aria-label": label,
        "aria-multiline": "true",
        role: "textbox",
        ...(invalid ? { "aria-invalid": "true" } : {}),
      },
      handlePaste: (_view, event) => takePictures(event.clipboardData?.files),
      handleDrop: (_view, event) => takePictures(event.dataTransfer?.files),
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML(), e.isEmpty),
  });

  insertRef.current = (file) => void insertPicture(file);
  async function insertPicture(file: File) {
    if (!editor) return;
    if (file.size > MAX_BLOG_IMAGE_BYTES) {
      toast.error(ADMIN_MSG.blogImageTooLarge);
      return;
    }
    const form = new FormData();
    form.append("file", file);
    setUploading(0);
    try {
      const { image } = await contentApi.uploadBlogImage("content", form, setUploading);
      const alt = file.name.replace(/\.[^.]+$/, "").replace(/[-_]+/g, " ");
      editor.chain().focus().setImage({ src: image.url, alt, width: image.width, height: image.height }).run();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setUploading(null);
    }
  }

  function setLink() {
    if (!editor) return;
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "";
    const url = window.prompt("Link address (https://…)", previous)?.trim();
    if (url === undefined) return;
    if (url === "") {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      return;
    }
    if (!/^(https?:\/\/|mailto:|tel:|\/)/i.test(url)) {
      toast.error("Links must start with https://, http://, mailto:, tel: or /");
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
  }

  return (
    <div className={`rounded-md border bg-white ${invalid ? "border-red-500" : "border-slate-300"} focus-within:border-nepal`}>
      {editor ? (
        <Toolbar label={label} editor={editor} onLink={setLink} onPicture={() => fileRef.current?.click()} uploading={uploading} />
      ) : (
        <div className="h-11 border-b border-slate-200" />
      )}
      <input
        ref={fileRef}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        className="sr-only"
        tabIndex={-1}
        aria-label={`Picture to insert into ${label}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void insertPicture(file);
        }}
      />
      <div className="max-h-[60vh] overflow-y-auto">
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

function Toolbar({ label, editor, onLink, onPicture, uploading }: { label: string; editor: Editor; onLink: () => void; onPicture: () => void; uploading: number | null }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div role="toolbar" aria-label={`Formatting: ${label}`} className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1">
      <Tool label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </Tool>
      <Tool label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <i className="font-serif">I</i>
      </Tool>
      <Tool label="H2 heading" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </Tool>
      <Tool label="H3 subheading" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </Tool>
      <Tool label="Bulleted list" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <Icon d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
      </Tool>
      <Tool label="Numbered list" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <Icon d="M10 6h10M10 12h10M10 18h10M4 5l1-1v4M4 14h2l-2 3h2" />
      </Tool>
      <Tool label="Quote" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <Icon d="M7 7h4v4H8v3M14 7h4v4h-3v3" />
      </Tool>
      <Tool label="Link" active={state.link} onClick={onLink}>
        <Icon d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      </Tool>
      <Tool label={uploading === null ? "Insert picture" : `Uploading picture ${uploading}%`} onClick={onPicture} disabled={uploading !== null}>
        <Icon d="M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9h.01" />
      </Tool>
      <span className="mx-1 w-px self-stretch bg-slate-200" aria-hidden />
      <Tool label="Undo" onClick={() => chain().undo().run()} disabled={!state.canUndo}>
        <Icon d="M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3" />
      </Tool>
      <Tool label="Redo" onClick={() => chain().redo().run()} disabled={!state.canRedo}>
        <Icon d="M15 14l5-5-5-5M20 9H9a5 5 0 0 0 0 10h3" />
      </Tool>
      {uploading !== null && (
        <span role="status" className="self-center px-2 text-xs text-slate-600">
          Uploading picture… {uploading}%
        </span>
      )}
    </div>
  );
}

function Tool({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`inline-flex h-11 min-w-11 items-center justify-center rounded px-2 text-sm ${active ? "bg-nepal text-white" : "text-slate-700 hover:bg-slate-200"} disabled:opacity-40`}
    >
      {children}
    </button>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d={d} />
    </svg>
  );
}
