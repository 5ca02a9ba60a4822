import { useId, useState } from 'react';
import { ConfirmDialog } from '~/components/app/ConfirmDialog.tsx';
import { showToast } from '~/components/toast.ts';
import type { Tr } from '~/i18n/bind.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { fileReport, type ReportTarget } from './report-data.ts';

type Props = {
  db: TypedSupabaseClient;
  me: string;
  target: ReportTarget;
  t: Tr;
  open: boolean;
  onClose: () => void;
  onReported?: (() => void) | undefined;
};

/**
 * The report dialog (reason, submit), loaded the first time a member opens it; it stays mounted
 * afterwards, so a typed reason survives a cancel.
 */
export default function ReportDialog({ db, me, target, t, open, onClose, onReported }: Props) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();

  const submit = async () => {
    if (!reason.trim()) return setError(t('community.report.reasonRequired'));
    setBusy(true);
    try {
      await fileReport(db, me, target, reason.trim());
      onClose();
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
      if (code === 'conflict') onClose();
      showToast({ title: text, variant: code === 'conflict' ? 'success' : 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('community.report.heading')}
      confirmLabel={t('community.report.submit')}
      cancelLabel={t('app.cancel')}
      danger={false}
      busy={busy}
      onConfirm={() => void submit()}
      onCancel={() => {
        onClose();
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
    </ConfirmDialog>
  );
}
