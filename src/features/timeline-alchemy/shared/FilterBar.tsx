import type { ReactNode } from 'react';

type FilterSelect = {
  /** The select's accessible name (visually hidden). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
};

type Props = {
  /** The search field's accessible name (visually hidden) and placeholder. */
  searchLabel: string;
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  /** With a submit label the bar is a form: the search applies on submit (the dashboard's server search). */
  onSubmit?: () => void;
  submitLabel?: string;
  selects?: readonly FilterSelect[];
  /** More controls at the end of the bar (select all). */
  children?: ReactNode;
};

/** Timeline Alchemy's one search and filter bar: a search field, selects, extra controls. */
export function FilterBar({
  searchLabel,
  placeholder,
  search,
  onSearch,
  onSubmit,
  submitLabel,
  selects = [],
  children,
}: Props) {
  const controls = (
    <>
      <label className="grow">
        <span className="sr-only">{searchLabel}</span>
        <input
          type="search"
          className="field-input w-full"
          placeholder={placeholder}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </label>
      {selects.map((s) => (
        <label key={s.label}>
          <span className="sr-only">{s.label}</span>
          <select className="field-input" value={s.value} onChange={(e) => s.onChange(e.target.value)}>
            {s.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      {onSubmit && submitLabel ? (
        <button type="submit" className="btn-secondary">
          {submitLabel}
        </button>
      ) : null}
      {children}
    </>
  );
  if (!onSubmit) return <div className="flex flex-wrap gap-3">{controls}</div>;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {controls}
    </form>
  );
}
