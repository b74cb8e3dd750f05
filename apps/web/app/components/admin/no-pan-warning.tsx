import { Link } from "react-router";

/**
 * Shown while the settings have no seller PAN (docs/decisions/175): every bill issued meanwhile goes out without one and
 * is never changed afterwards. `inSettings`: next to the PAN field, so no link to the settings.
 */
export function NoPanWarning({ inSettings = false }: { inSettings?: boolean }) {
  return (
    <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2">
      <strong>No PAN set: bills are being issued without the seller&apos;s PAN.</strong> Every business issuing bills in Nepal has a PAN, and an issued bill
      is never changed, so bills issued until it is entered keep &ldquo;PAN No.: —&rdquo;.{" "}
      {inSettings ? (
        "Enter it here and save."
      ) : (
        <Link className="font-semibold underline" to="/admin/settings">
          Enter it in Settings.
        </Link>
      )}
    </p>
  );
}
