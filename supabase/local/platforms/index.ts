import { startLinkedIn } from './linkedin.ts';
import { startMeta } from './meta.ts';
import { startX } from './x.ts';

/** Port of the first stand-in (X); LinkedIn listens on the next one, Meta's Graph API (Facebook, Instagram) on the one after. `npm start`: 54340. */
const DEFAULT_PLATFORMS_PORT = 54340;

export type Platforms = { xUrl: string; linkedinUrl: string; metaUrl: string; stop: () => Promise<void> };

/** Starts the social platforms' stand-ins: X on `port`, LinkedIn on `port + 1`, Meta on `port + 2`. */
export async function startPlatforms(port = DEFAULT_PLATFORMS_PORT): Promise<Platforms> {
  const x = await startX(port);
  const linkedin = await startLinkedIn(port + 1).catch(async (error: Error) => {
    await new Promise((done) => x.server.close(done));
    throw error;
  });
  const meta = await startMeta(port + 2).catch(async (error: Error) => {
    await Promise.all([x, linkedin].map((s) => new Promise((done) => s.server.close(done))));
    throw error;
  });
  const close = (server: typeof x.server) =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return {
    xUrl: x.url,
    linkedinUrl: linkedin.url,
    metaUrl: meta.url,
    stop: async () => {
      await Promise.all([close(x.server), close(linkedin.server), close(meta.server)]);
    },
  };
}
