import { useCallback, useEffect, useRef, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { useI18n } from "../lib/i18n";
import { AVATAR_JPEG_QUALITY, AVATAR_MIN_PX } from "@khelkud/contracts";

const MAX_OUTPUT_PX = 1024;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("image failed to load"));
    img.src = src;
  });
}

/** Draws the chosen square and encodes it as JPEG at 0.95 (docs/product-rules.md §10), at most 1024 px a side. */
export async function cropToJpeg(src: string, area: Area): Promise<Blob> {
  const img = await loadImage(src);
  const side = Math.min(MAX_OUTPUT_PX, Math.round(area.width));
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no canvas");
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("encode failed"))), "image/jpeg", AVATAR_JPEG_QUALITY));
}

interface Props {
  src: string | null;
  onCancel: () => void;
  onCropped: (jpeg: Blob) => void;
  busy: boolean;
  progress: number | null;
}

/** A square 1:1 crop dialog (native <dialog>: focus stays inside, Escape closes). */
export function AvatarCropDialog({ src, onCancel, onCropped, busy, progress }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [maxZoom, setMaxZoom] = useState(3);
  const [error, setError] = useState<string | null>(null);
  const { t, digits } = useI18n();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (src && !d.open) {
      setCrop({ x: 0, y: 0 });
      setZoom(1);
      setError(null);
      d.showModal();
    } else if (!src && d.open) d.close();
  }, [src]);

  const onComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  const tooSmall = area !== null && (area.width < AVATAR_MIN_PX || area.height < AVATAR_MIN_PX);

  async function save() {
    if (!src || !area || tooSmall) return;
    try {
      onCropped(await cropToJpeg(src, area));
    } catch {
      setError(t("avatar.cropFailed"));
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby="crop-title"
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(92vw,480px)] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="p-5">
        <h2 id="crop-title" className="text-xl font-bold">
          {t("avatar.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("avatar.help")}</p>
        <div className="relative mt-4 aspect-square w-full overflow-hidden rounded-xl bg-slate-900">
          {src ? (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              maxZoom={maxZoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              keyboardStep={10}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={onComplete}
              onMediaLoaded={(m) => setMaxZoom(Math.max(1, Math.min(3, Math.min(m.naturalWidth, m.naturalHeight) / AVATAR_MIN_PX)))}
            />
          ) : null}
        </div>
        <label className="mt-4 flex items-center gap-3 text-sm font-semibold text-slate-700">
          {t("avatar.zoom")}
          <input type="range" min={1} max={maxZoom} step={0.01} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} className="flex-1 accent-crimson" />
        </label>
        {tooSmall ? <p className="mt-2 text-sm text-red-700">{t("avatar.tooSmall", { px: digits(AVATAR_MIN_PX) })}</p> : null}
        {error ? <p className="mt-2 text-sm text-red-700">{error}</p> : null}
        {progress !== null ? (
          <div className="mt-3">
            <div role="progressbar" aria-label={t("avatar.progress")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-2 overflow-hidden rounded-full bg-slate-200">
              <div className="h-full bg-crimson transition-[width]" style={{ width: `${progress}%` }} />
            </div>
          </div>
        ) : null}
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" onClick={onCancel} disabled={busy} className="rounded-lg border border-slate-300 px-4 py-2.5 font-semibold hover:bg-slate-100 disabled:opacity-60">
            {t("common.cancel")}
          </button>
          <button type="button" onClick={save} disabled={busy || !area || tooSmall} className="rounded-lg bg-crimson px-4 py-2.5 font-bold text-white hover:bg-crimson-dark disabled:opacity-60">
            {busy ? t("avatar.uploading") : t("avatar.save")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
