import { primaryButton } from './form-field';

/** The top of a /rooting list page: its h1 (which labels the section) and the "add" button. */
export function AdminPageHeader({ titleId, title, addLabel, onAdd }: { titleId: string; title: string; addLabel: string; onAdd: () => void }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <h1 id={titleId} className="text-2xl font-bold">
        {title}
      </h1>
      <button type="button" className={primaryButton} onClick={onAdd}>
        {addLabel}
      </button>
    </div>
  );
}
