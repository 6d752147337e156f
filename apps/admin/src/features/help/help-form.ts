import type {
  AdminHelpItem,
  AdminHelpTopic,
  CreateHelpTopicRequest,
  SaveHelpItemRequest,
} from '@kl/contracts/admin/help';
import type { HelpDevice } from '@kl/contracts/content';
import { localizedRequestOf, localizedValuesOf, type LocalizedValues } from '../../shared/localized-text.ts';

/** The topic form's values (the tag is set once, when the topic is made). */
export interface TopicValues {
  tag: string;
  name: LocalizedValues;
  sortOrder: number;
}

export const topicValuesOf = (topic: AdminHelpTopic): TopicValues => ({
  tag: topic.tag,
  name: localizedValuesOf(topic.name),
  sortOrder: topic.sortOrder,
});

export const topicRequestOf = (values: TopicValues): CreateHelpTopicRequest => ({
  tag: values.tag.trim(),
  name: localizedRequestOf(values.name),
  sortOrder: values.sortOrder,
});

/** The article form's values. */
export interface ArticleValues {
  tag: string;
  title: LocalizedValues;
  content: LocalizedValues;
  devices: HelpDevice[];
  sortOrder: number;
  active: boolean;
}

export const newArticleValues = (tag: string | undefined): Partial<ArticleValues> => ({
  ...(tag !== undefined && { tag }),
  devices: ['MOBILE', 'WEB'],
  sortOrder: 1,
  active: true,
});

export const articleValuesOf = (item: AdminHelpItem): ArticleValues => ({
  tag: item.tag,
  title: localizedValuesOf(item.title),
  content: localizedValuesOf(item.content),
  devices: item.devices,
  sortOrder: item.sortOrder,
  active: item.active,
});

/** What is sent: the content as typed (the site sanitises it), English left empty falls back to Vietnamese. */
export const articleRequestOf = (values: ArticleValues): SaveHelpItemRequest => ({
  tag: values.tag,
  title: localizedRequestOf(values.title),
  content: localizedRequestOf(values.content),
  devices: values.devices,
  sortOrder: values.sortOrder,
  active: values.active,
});
