import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { HELP_DEVICES } from '../content.ts';
import type { AdminCallRule } from './calls.ts';
import { localizedInput } from './content.ts';

/**
 * The help centre in the back office (docs/back-office.md, "Pictures, banners and the help centre"):
 * topics (the tag the site links to, a name per language, an order) and their articles (title and HTML
 * content per language, devices, order, active). The terms are the articles of the topic `terms`.
 * Contents are kept as written; the site sanitises them (`@kl/contracts/html-policy`).
 */

/** The longest content of one language, in characters. */
export const HELP_CONTENT_MAX = 20_000;
export const HELP_TITLE_MAX = 200;
export const HELP_TOPIC_NAME_MAX = 80;
export const HELP_SORT_MAX = 100_000;

const localizedOut = z.object({ vi: z.string(), en: z.string().optional() });
const sortOrder = z.number().int().min(0).max(HELP_SORT_MAX);
export const helpTagSchema = z.string().regex(/^[a-z0-9_-]{1,32}$/);

export const adminHelpTopic = z.object({
  tag: z.string(),
  name: localizedOut,
  sortOrder: z.number().int(),
  /** Its articles, and how many of them are active. */
  items: z.number().int().min(0),
  activeItems: z.number().int().min(0),
});
export type AdminHelpTopic = z.infer<typeof adminHelpTopic>;

export const adminHelpItem = z.object({
  id: z.number().int().positive(),
  tag: z.string(),
  title: localizedOut,
  content: localizedOut,
  devices: z.array(z.enum(HELP_DEVICES)),
  sortOrder: z.number().int(),
  active: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type AdminHelpItem = z.infer<typeof adminHelpItem>;

/** Every topic and article of the merchant (a few dozen): topics in order, articles by topic then order. */
export const adminHelp = z.object({ topics: z.array(adminHelpTopic), items: z.array(adminHelpItem) });
export type AdminHelp = z.infer<typeof adminHelp>;

export const saveHelpTopicRequest = z.object({
  name: localizedInput(HELP_TOPIC_NAME_MAX),
  sortOrder,
});
export type SaveHelpTopicRequest = z.input<typeof saveHelpTopicRequest>;
export const createHelpTopicRequest = saveHelpTopicRequest.extend({ tag: helpTagSchema });
export type CreateHelpTopicRequest = z.input<typeof createHelpTopicRequest>;
export const helpTopicParams = z.object({ tag: helpTagSchema });

export const saveHelpItemRequest = z.object({
  tag: helpTagSchema,
  title: localizedInput(HELP_TITLE_MAX),
  /** HTML as written; at most HELP_CONTENT_MAX characters a language. */
  content: localizedInput(HELP_CONTENT_MAX),
  devices: z
    .array(z.enum(HELP_DEVICES))
    .min(1)
    .refine((devices) => new Set(devices).size === devices.length, { message: 'repeated device' }),
  sortOrder,
  active: z.boolean().default(true),
});
export type SaveHelpItemRequest = z.input<typeof saveHelpItemRequest>;
export const helpItemParams = z.object({ itemId: z.coerce.number<number>().int().positive() });

export const adminHelpCalls = {
  adminHelp: { method: 'GET', path: '/api/admin/help', moduleId: 'ADMIN', response: adminHelp },
  adminCreateHelpTopic: {
    method: 'POST',
    path: '/api/admin/help/topics',
    moduleId: 'ADMIN',
    body: createHelpTopicRequest,
    response: adminHelpTopic,
  },
  adminUpdateHelpTopic: {
    method: 'PUT',
    path: '/api/admin/help/topics/:tag',
    moduleId: 'ADMIN',
    params: helpTopicParams,
    body: saveHelpTopicRequest,
    response: adminHelpTopic,
  },
  adminCreateHelpItem: {
    method: 'POST',
    path: '/api/admin/help/items',
    moduleId: 'ADMIN',
    body: saveHelpItemRequest,
    response: adminHelpItem,
  },
  adminUpdateHelpItem: {
    method: 'PUT',
    path: '/api/admin/help/items/:itemId',
    moduleId: 'ADMIN',
    params: helpItemParams,
    body: saveHelpItemRequest,
    response: adminHelpItem,
  },
} as const satisfies ApiTable;

export const adminHelpRules: Record<keyof typeof adminHelpCalls, AdminCallRule> = {
  adminHelp: { area: 'content', access: 'read' },
  adminCreateHelpTopic: { area: 'content', access: 'write' },
  adminUpdateHelpTopic: { area: 'content', access: 'write' },
  adminCreateHelpItem: { area: 'content', access: 'write' },
  adminUpdateHelpItem: { area: 'content', access: 'write' },
};
