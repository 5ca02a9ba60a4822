import type { WebSocket } from 'ws';
import type { Claims } from './jwt.ts';
import type { RowFilter } from './realtime-filter.ts';
import type { Vsn } from './realtime-frames.ts';

/** One websocket connection (a Phoenix socket). */
export type Client = {
  ws: WebSocket;
  vsn: Vsn;
  /** The `apikey` the socket connected with: the token of joins that bring none. */
  apiToken: string;
  channels: Map<string, Channel>;
  queue: Promise<void>;
};

export type Binding = {
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter?: string;
  parsed: RowFilter | null;
};

/** Read/write results of the `realtime.messages` policies; null = not evaluated yet. */
type Policies = {
  broadcastRead: boolean | null;
  presenceRead: boolean | null;
  broadcastWrite: boolean | null;
  presenceWrite: boolean | null;
};

/** One joined channel of a client. */
export type Channel = {
  client: Client;
  /** `realtime:<subTopic>` as joined. */
  topic: string;
  subTopic: string;
  joinRef: string | null;
  isPrivate: boolean;
  /** Private and public channels of the same name never see each other's messages. */
  hubKey: string;
  token: string;
  claims: Claims;
  /** Token expiry (seconds since the epoch); nothing is delivered from then on. */
  exp: number;
  timer: NodeJS.Timeout | null;
  bindings: Binding[];
  self: boolean;
  ack: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  policies: Policies | null;
  closed: boolean;
};
