import type { HelpTopic } from '@kl/contracts/content';
import { fullPath } from '@kl/contracts/routes';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { LoadFailed } from '../../shared/ui/load-failed.tsx';
import { HtmlContent } from '../messages/index.ts';
import { useHelpCentre } from './api/help.ts';
import { openedItem, selectedTopic } from './lib/selection.ts';
import './help.css';

// The sanitiser comes with this screen, so an opened item shows without waiting.
void HtmlContent.preload().catch(() => undefined);

const HELP_PATH = fullPath('help');

function Waiting() {
  const { t } = useTranslation();
  return (
    <p className="kl-help__status" role="status">
      {t('in_please_wait')}
    </p>
  );
}

function TopicItems({ topic, opened }: { topic: HelpTopic; opened: number | null }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const baseId = useId();
  const toggle = (index: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tag', topic.tag);
        next.delete('i');
        if (opened === index) next.delete('c');
        else next.set('c', String(index));
        return next;
      },
      { replace: true },
    );
  if (topic.items.length === 0) return <EmptyState />;
  return (
    <ul className="kl-help__items">
      {topic.items.map((item, index) => {
        const open = opened === index;
        const panelId = `${baseId}-${item.id}`;
        return (
          <li key={item.id} className="kl-help__item" data-testid="help-item">
            <h3 className="kl-help__item-heading">
              <button
                type="button"
                className="kl-help__item-toggle"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(index)}
              >
                {item.title}
              </button>
            </h3>
            <div id={panelId} className="kl-help__item-panel" hidden={!open}>
              {open && (
                <Suspense fallback={<Waiting />}>
                  <HtmlContent html={item.content} />
                  <p className="kl-help__item-link">
                    <Link to={`${fullPath('helpDetail')}?id=${item.id}`}>{t('help.openAlone')}</Link>
                  </p>
                </Suspense>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /m/help (product.md §2): the topic menu and the items of the chosen topic, each opening its sanitised
 * HTML. The address chooses: `tag` a topic by its tag (`/m/help?tag=terms` opens the terms), `i` a
 * topic by position (from 0), `c` the open item (from 0); a one-item topic shows its item open.
 */
export default function HelpScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data, isPending, isError, error, refetch } = useHelpCentre();
  const topicHeadingId = useId();

  let body;
  if (isPending) body = <Waiting />;
  else if (isError)
    body = <LoadFailed className="kl-help__status" error={error} onRetry={() => void refetch()} />;
  else if (data.topics.length === 0) body = <EmptyState />;
  else {
    const { topic } = selectedTopic(data.topics, params);
    body = (
      <>
        <nav className="kl-help__menu" aria-label={t('help.topics')}>
          <ul>
            {data.topics.map((item) => (
              <li key={item.tag}>
                <Link
                  to={`${HELP_PATH}?tag=${encodeURIComponent(item.tag)}`}
                  replace
                  className="kl-help__topic"
                  aria-current={item.tag === topic?.tag ? 'page' : undefined}
                >
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {topic && (
          <section className="kl-help__topic-body" aria-labelledby={topicHeadingId} data-tag={topic.tag}>
            <h2 id={topicHeadingId} className="kl-help__topic-title">
              {topic.name}
            </h2>
            <TopicItems key={topic.tag} topic={topic} opened={openedItem(topic, params)} />
          </section>
        )}
      </>
    );
  }

  return (
    <section className="kl-screen kl-help" data-page="help">
      {body}
    </section>
  );
}
