import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "../../lib/toast";
import { AUTH_MSG, AVATAR_MAX_BYTES, type Profile } from "@khelkud/contracts";
import { AvatarCropDialog } from "../avatar-crop-dialog";
import { UserAvatar } from "../user-avatar";
import { ApiError, upload } from "../../lib/api";
import { useAfterSessionChange } from "../../lib/session";
import { useI18n } from "../../lib/i18n";

function uploadAvatar(jpeg: Blob, onProgress: (pct: number) => void): Promise<{ user: Profile }> {
  const body = new FormData();
  body.append("profile", jpeg, "avatar.jpg");
  return upload<{ user: Profile }>("/api/uploads/profile", body, onProgress, { sessionRedirect: true });
}

/** The profile page's header: photo (cropped, then uploaded with its progress), name, counts, admin link and logout. */
export function ProfileHeader({ profile, onLogout }: { profile: Profile; onLogout: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const after = useAfterSessionChange();
  const { t, digits, say } = useI18n();

  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);

  function onFile(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) return void toast.error(say(AUTH_MSG.imageInvalid));
    if (file.size > AVATAR_MAX_BYTES) return void toast.error(say(AUTH_MSG.imageTooLarge));
    setSrc(URL.createObjectURL(file));
  }

  async function onCropped(jpeg: Blob) {
    setBusy(true);
    setProgress(0);
    try {
      await uploadAvatar(jpeg, setProgress);
      toast.success(t("profile.photoUpdated"), { duration: 2000 });
      setSrc(null);
      await after();
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? say(err.message) : t("profile.photoFailed"), { duration: 3000 });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <section className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center sm:p-6">
      <div className="relative mx-auto sm:mx-0">
        <UserAvatar name={profile.name} src={profile.avatar} size={96} />
        <label className="absolute -bottom-1 -right-1 flex h-9 w-9 cursor-pointer items-center justify-center rounded-full bg-nepal text-white shadow ring-2 ring-white hover:bg-nepal-dark focus-within:ring-crimson">
          <span className="sr-only">{t("profile.changePhoto")}</span>
          <input type="file" accept="image/*" onChange={onFile} className="sr-only" />
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
            <circle cx="12" cy="13" r="3.5" />
          </svg>
        </label>
      </div>
      <div className="min-w-0 flex-1 text-center sm:text-left">
        <h1 className="truncate text-2xl font-bold">{profile.name}</h1>
        <p className="truncate text-slate-600">{profile.email}</p>
        <dl className="mt-3 flex justify-center gap-6 sm:justify-start">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t("profile.orders")}</dt>
            <dd className="text-xl font-bold">{digits(profile.counts.orders)}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t("profile.reviews")}</dt>
            <dd className="text-xl font-bold">{digits(profile.counts.reviews)}</dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap justify-center gap-2 sm:flex-col">
        {profile.role === "ADMIN" ? (
          <Link to="/admin" className="rounded-lg bg-nepal px-4 py-2.5 text-center font-bold text-white hover:bg-nepal-dark">
            {t("profile.admin")}
          </Link>
        ) : null}
        <button type="button" onClick={onLogout} className="rounded-lg border border-slate-300 px-4 py-2.5 font-bold text-slate-800 hover:bg-slate-100">
          {t("nav.logout")}
        </button>
      </div>
      <AvatarCropDialog src={src} busy={busy} progress={progress} onCancel={() => setSrc(null)} onCropped={onCropped} />
    </section>
  );
}
