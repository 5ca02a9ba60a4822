import { z } from 'zod';

/** A one-click unsubscribe token, `<member>.<topic>.<hash>` (its own module so the attack suite finds it). */
export const unsubscribeTokenSchema = z
  .string()
  .max(200)
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(comments|likes|friends|messages|moderation|alchemy)\.[0-9a-f]{64}$/,
  );
