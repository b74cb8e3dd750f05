import type { ReactNode } from "react";
import { input } from "./ui";

/**
 * The one filter bar of the admin lists (products, blog posts, users, orders): a search box, a few selects, and the
 * list's count at the right. Every change goes back to the first page — the caller's `onChange` does both.
 */
export function FilterBar({ children, count }: { children: ReactNode; count?: ReactNode }) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      {children}
      {count ? <p className="w-full text-sm text-slate-600 sm:ml-auto sm:w-auto">{count}</p> : null}
    </div>
  );
}

export function SearchFilter({
  label,
  placeholder,
  value,
  onChange,
  className = "max-w-xs",
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <input
      className={`${input} ${className}`}
      type="search"
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A select whose first option, `all`, is no filter (the empty value). */
export function SelectFilter({
  label,
  all,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  all?: string;
  options: readonly FilterOption[];
  value: string;
  onChange: (value: string) => void;
  className: string;
}) {
  return (
    <select className={`${input} ${className}`} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {all !== undefined ? <option value="">{all}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
