// Record ids on the wire. In a query string or a path an id arrives as text and is read as a
// number; in a JSON body it must already be a JSON number, so `true` or `[3]` is refused, not
// taken for 1 or 3. Each names its field in the message.
import { z } from 'zod';

/**
 * The largest id a record can have: ids are PostgreSQL `serial` (a 32-bit integer), and a larger
 * number sent to the database fails the query rather than find nothing (decision 078).
 */
export const MAX_ID = 2_147_483_647;

/** An id in a query string or a path (`?eventid=7`, `/api/staff/giveaways/7`). */
export const queryId = (name: string) =>
  z.coerce
    .number<number | string>({ error: `${name} is a number.` })
    .int(`${name} is a number.`)
    .positive(`${name} is a number.`)
    .max(MAX_ID, `${name} is a number.`);

/** An id in a JSON body (`{ "eventid": 7 }`). */
export const bodyId = (name: string) =>
  z
    .number({ error: `${name} is a number.` })
    .int(`${name} is a number.`)
    .positive(`${name} is a number.`)
    .max(MAX_ID, `${name} is a number.`);
