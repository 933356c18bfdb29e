// Public event reads of spec §7: eventlist_v1 (by type and time bucket) and eventdata_v1 (one
// event). Status and the live window come from the server clock (DESIGN principle 4).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope } from '../../../shared/contract/envelope';
import { EventDataQuery, EventListQuery, EventListResponse, type EventRecord } from '../../../shared/contract/events';
import { isLive } from '../../../shared/countdown';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import type { EventsTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { eventsRepository } from './events.repository';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const tags = ['events'];

export function toEventRecord(row: Selectable<EventsTable>, now: Date, mediaBaseUrl: string): EventRecord {
  const start = new Date(row.cust_start);
  const end = new Date(row.cust_end);
  const status = isLive(start, end, now) ? 'live' : now.getTime() <= start.getTime() ? 'upcoming' : 'past';
  const image = !row.image ? '' : /^https?:\/\//.test(row.image) ? row.image : mediaBaseUrl + row.image;
  return { id: row.id, type: row.type, title: row.title, description: row.description, image, cust_start: row.cust_start, cust_end: row.cust_end, IS_Public: row.is_public, platform: row.platform, status };
}

export function eventsRoutes(ctx: AppContext) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/api/eventlist_v1', { schema: { tags, summary: 'Public events of a type: upcoming (default), live, past or all', querystring: EventListQuery, response: { 200: EventListResponse, ...errors } } }, async (request) => {
      const now = ctx.clock.now();
      const rows = await eventsRepository.list(ctx.db, request.query.type, request.query.on, now.toISOString(), request.query.limit);
      return ok(rows.map((row) => toEventRecord(row, now, ctx.config.mediaBaseUrl)), MESSAGES.ok, now);
    });

    app.get('/api/eventdata_v1', { schema: { tags, summary: 'One event by id', querystring: EventDataQuery, response: { 200: EventListResponse, ...errors } } }, async (request) => {
      const now = ctx.clock.now();
      const row = await eventsRepository.byId(ctx.db, request.query.eventid);
      if (!row) throw notFound(MESSAGES.eventNotFound);
      return ok([toEventRecord(row, now, ctx.config.mediaBaseUrl)], MESSAGES.ok, now);
    });
  };
}
