import { useId, useState } from 'react';
import { LazyConfirmDialog, preloadConfirmDialog } from '~/components/app/LazyConfirmDialog.tsx';
import { showToast } from '~/components/toast.ts';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { fileReport, type ReportTarget } from './report-data.ts';

type Props = {
  db: TypedSupabaseClient;
  me: string;
  target: ReportTarget;
  /** What is reported, for the button's accessible name ("Report: <title>"). */
  label: string;
  t: Tr;
  onReported?: () => void;
};

/** "Report" with a reason, in a dialog; one report per member per target (the database says so). */
export function ReportButton({ db, me, target, label, t, onReported }: Props) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();

  const submit = async () => {
    if (!reason.trim()) return setError(t('community.report.reasonRequired'));
    setBusy(true);
    try {
      await fileReport(db, me, target, reason.trim());
      setOpen(false);
      setReason('');
      showToast({ title: t('community.report.done') });
      onReported?.();
    } catch (e) {
      const { toErrorCode } = await import('~/lib/supabase/errors.ts');
      const code = toErrorCode(e);
      const text =
        code === 'conflict'
          ? t('community.report.already')
          : code === 'rate_limit'
            ? t('error.rate_limit')
            : t('community.report.error');
      setError(text);
      if (code === 'conflict') setOpen(false);
      showToast({ title: text, variant: code === 'conflict' ? 'success' : 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="text-ink/70 underline"
        aria-label={`${t('community.report.open')}: ${label}`}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void preloadConfirmDialog()}
        onFocus={() => void preloadConfirmDialog()}
      >
        {t('community.report.open')}
      </button>
      <LazyConfirmDialog
        open={open}
        title={t('community.report.heading')}
        confirmLabel={t('community.report.submit')}
        cancelLabel={t('app.cancel')}
        danger={false}
        busy={busy}
        onConfirm={() => void submit()}
        onCancel={() => {
          setOpen(false);
          setError('');
        }}
      >
        <label htmlFor={`${id}-reason`} className="field-label">
          {t('community.report.reason')}
        </label>
        <textarea
          id={`${id}-reason`}
          className="field-input"
          value={reason}
          maxLength={1000}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {error ? <p className="field-error">{error}</p> : null}
      </LazyConfirmDialog>
    </>
  );
}
