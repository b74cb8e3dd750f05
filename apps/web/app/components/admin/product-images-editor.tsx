import { useEffect, useRef, useState } from "react";
import { toast } from "../../lib/toast";
import { ADMIN_MSG, MAX_PRODUCT_IMAGES, imageVariantUrl, type Product } from "@khelkud/contracts";
import { catalogApi } from "./api/catalog";
import { btn, input } from "./ui";

type Img = { id: string; url: string; altText: string; altTextNe: string; isPrimary: boolean };

/** Upload (with a progress bar), reorder, choose the primary, alt text, delete one. Edits never touch other images. */
export function ProductImagesEditor({ product, onChange }: { product: Product; onChange: (p: Product) => void }) {
  const [items, setItems] = useState<Img[]>(product.images);
  const [primaryId, setPrimaryId] = useState(product.images.find((i) => i.isPrimary)?.id ?? product.images[0]?.id ?? "");
  const [progress, setProgress] = useState<number | null>(null);
  const [altText, setAltText] = useState("");
  const [altTextNe, setAltTextNe] = useState("");
  const [dirty, setDirty] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setItems(product.images);
    setPrimaryId(product.images.find((i) => i.isPrimary)?.id ?? product.images[0]?.id ?? "");
    setDirty(false);
  }, [product.images]);

  const room = MAX_PRODUCT_IMAGES - product.images.length;

  async function upload() {
    const files = Array.from(fileRef.current?.files ?? []);
    if (!files.length) return toast.error(ADMIN_MSG.imagesRequired);
    if (files.length > room) return toast.error(`A product can have at most ${MAX_PRODUCT_IMAGES} images (${room} more allowed)`);
    const form = new FormData();
    form.append("altText", altText);
    form.append("altTextNe", altTextNe);
    for (const f of files) form.append("files", f, f.name);
    setProgress(0);
    try {
      const data = await catalogApi.uploadImages(product.id, form, setProgress);
      onChange(data.product);
      toast.success(files.length === 1 ? "Image uploaded" : `${files.length} images uploaded`);
      if (fileRef.current) fileRef.current.value = "";
      setAltText("");
      setAltTextNe("");
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setProgress(null);
    }
  }

  function move(index: number, by: number) {
    const next = [...items];
    const [it] = next.splice(index, 1);
    next.splice(index + by, 0, it!);
    setItems(next);
    setDirty(true);
  }

  async function saveArrangement() {
    try {
      const data = await catalogApi.arrangeImages(product.id, { images: items.map((i) => ({ id: i.id, altText: i.altText, altTextNe: i.altTextNe })), primaryId });
      onChange(data.product);
      toast.success("Images updated");
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  async function remove(id: string) {
    if (!window.confirm("Are you sure you want to delete this image?")) return;
    try {
      const data = await catalogApi.deleteImage(product.id, id);
      onChange(data.product);
      toast.success("Image deleted");
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  return (
    <section aria-label="Images" className="space-y-3 rounded-md border border-slate-200 p-3">
      <h3 className="font-semibold">
        Images <span className="text-sm font-normal text-slate-500">({product.images.length} of {MAX_PRODUCT_IMAGES})</span>
      </h3>
      {items.length > 0 && (
        <ul className="space-y-2">
          {items.map((img, i) => (
            <li key={img.id} className="flex flex-wrap items-center gap-3 rounded border border-slate-200 p-2 sm:flex-nowrap">
              <img src={imageVariantUrl(img.url, 160, "webp")} alt={img.altText} width={56} height={56} className="h-14 w-14 rounded object-cover" />
              {/* On a phone the two descriptions take a line of their own under the picture and its buttons. */}
              <div className="min-w-0 flex-1 space-y-1 max-sm:order-last max-sm:basis-full">
                <input
                  className={input}
                  aria-label={`Alt text for image ${i + 1}`}
                  value={img.altText}
                  onChange={(e) => {
                    setItems(items.map((x) => (x.id === img.id ? { ...x, altText: e.target.value } : x)));
                    setDirty(true);
                  }}
                />
                <input
                  className={input}
                  lang="ne"
                  aria-label={`Alt text in Nepali for image ${i + 1} (optional)`}
                  placeholder="Alt text in Nepali (optional)"
                  value={img.altTextNe}
                  onChange={(e) => {
                    setItems(items.map((x) => (x.id === img.id ? { ...x, altTextNe: e.target.value } : x)));
                    setDirty(true);
                  }}
                />
                <label className="flex items-center gap-1 text-xs text-slate-600">
                  <input
                    type="radio"
                    name="primary-image"
                    checked={primaryId === img.id}
                    onChange={() => {
                      setPrimaryId(img.id);
                      setDirty(true);
                    }}
                  />
                  Primary image
                </label>
              </div>
              <div className="flex flex-col gap-1 max-sm:ml-auto">
                <button type="button" className={btn.small} disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move image ${i + 1} up`}>
                  ↑
                </button>
                <button type="button" className={btn.small} disabled={i === items.length - 1} onClick={() => move(i, 1)} aria-label={`Move image ${i + 1} down`}>
                  ↓
                </button>
              </div>
              <button type="button" className={btn.danger} onClick={() => remove(img.id)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {dirty && (
        <button type="button" className={btn.secondary} onClick={saveArrangement}>
          Save image order and alt text
        </button>
      )}
      {room > 0 && (
        <div className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-700">Add images</span>
            <input
              ref={fileRef}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              multiple
              className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold file:text-slate-800 hover:file:bg-slate-100"
            />
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-700">Alt text for new images</span>
            <input className={input} value={altText} onChange={(e) => setAltText(e.target.value)} />
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-700">Alt text in Nepali (optional)</span>
            <input className={input} lang="ne" value={altTextNe} onChange={(e) => setAltTextNe(e.target.value)} />
          </label>
          <button type="button" className={btn.secondary} onClick={upload} disabled={progress !== null}>
            Upload
          </button>
        </div>
      )}
      {progress !== null && (
        <div className="h-2 w-full overflow-hidden rounded bg-slate-200" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
          <div className="h-full bg-nepal transition-[width]" style={{ width: `${progress}%` }} />
        </div>
      )}
    </section>
  );
}
