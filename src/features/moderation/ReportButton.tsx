import { lazy, Suspense, useState } from 'react';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { ReportTarget } from './report-data.ts';

type Props = {
  db: TypedSupabaseClient;
  me: string;
  target: ReportTarget;
  /** What is reported, for the button's accessible name ("Report: <title>"). */
  label: string;
  t: Tr;
  onReported?: () => void;
};

// The dialog and what files the report load on first use, prefetched on pointer or focus.
let loading: Promise<typeof import('./ReportDialog.tsx')> | undefined;
const preload = () => {
  loading ??= import('./ReportDialog.tsx');
  return loading;
};
const ReportDialog = lazy(preload);

/** "Report" with a reason, in a dialog; one report per member per target (the database says so). */
export function ReportButton({ db, me, target, label, t, onReported }: Props) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  return (
    <>
      <button
        type="button"
        className="text-ink/70 underline"
        aria-label={`${t('community.report.open')}: ${label}`}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={() => void preload()}
        onFocus={() => void preload()}
      >
        {t('community.report.open')}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <ReportDialog
            db={db}
            me={me}
            target={target}
            t={t}
            open={open}
            onClose={() => setOpen(false)}
            onReported={onReported}
          />
        </Suspense>
      ) : null}
    </>
  );
}
