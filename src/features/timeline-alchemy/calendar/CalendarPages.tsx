import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import type { IslandProps } from '../shared/page-props.ts';
import { TaGate } from '../shared/TaGate.tsx';
import { Calendar } from './Calendar.tsx';
import type { CalTexts } from './cal-texts.ts';
import { useCalT } from './cal-texts.ts';
import { FeedPanel } from './FeedPanel.tsx';

type Props = IslandProps & { messages: CalTexts };

/** /timeline-alchemy/admin/calendar: admins only; every client or one. */
export function AdminCalendarPage(props: Props) {
  return (
    <TaGate page={props} needs="admin">
      {(gate) => (
        <Calendar db={gate.db} userId={gate.user.id} lang={props.lang} messages={props.messages} admin />
      )}
    </TaGate>
  );
}

function ClientCalendar({ props, db, userId }: { props: Props; db: TypedSupabaseClient; userId: string }) {
  const t = useCalT(props.messages, props.lang);
  return (
    <div className="space-y-8">
      <Calendar db={db} userId={userId} lang={props.lang} messages={props.messages} admin={false} />
      <FeedPanel db={db} lang={props.lang} t={t} />
    </div>
  );
}

/** /timeline-alchemy/client/calendar: clients only; their own schedule and its feed link. */
export function ClientCalendarPage(props: Props) {
  return (
    <TaGate page={props} needs="client">
      {(gate) => <ClientCalendar props={props} db={gate.db} userId={gate.user.id} />}
    </TaGate>
  );
}
