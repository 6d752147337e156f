/* The member's chat page: trades the one-time token of the address for the chat cookie, shows the
   conversation, sends messages and receives the operator's replies as server-sent events. Text is only
   ever set with textContent. */
/* global document, location, history, EventSource, window */
'use strict';

(function chatPage() {
  const root = document.getElementById('chat');
  if (!root) return;
  const texts = JSON.parse(root.dataset.texts || '{}');
  const locale = root.dataset.locale === 'vi' ? 'vi' : 'en';
  const log = document.getElementById('chat-log');
  const empty = document.getElementById('chat-empty');
  const earlier = document.getElementById('chat-earlier');
  const status = document.getElementById('chat-status');
  const form = document.getElementById('chat-form');
  const input = document.getElementById('chat-input');
  const sendButton = form.querySelector('button[type="submit"]');
  const shown = new Map();
  let oldestId = 0;
  let newestId = 0;
  let source = null;
  let readTimer = null;
  let over = false;
  // Set once the chat cookie is in place and the history shown: the send button stays disabled until then
  // (what is typed meanwhile is kept), so no message goes out before the member's chat is open.
  let ready = false;

  const { klChat } = window;
  const api = klChat.createApi(locale, () => texts.sendFailed);

  function setStatus(text) {
    status.textContent = text || '';
  }

  function end(message) {
    over = true;
    if (source) source.close();
    form.hidden = true;
    earlier.hidden = true;
    setStatus(message || texts.expired);
  }

  function timeOf(iso) {
    const date = new Date(iso);
    return date.toLocaleTimeString(locale === 'vi' ? 'vi-VN' : 'en-GB', {
      hour: '2-digit',
      minute: '2-digit',
    });
  }

  function element(message) {
    const mine = message.sender === 'member';
    return klChat.messageElement(message, {
      mine,
      author: mine ? texts.you : texts.operator,
      time: timeOf(message.createdAt),
    });
  }

  /** Adds messages in id order, ignoring those already shown. */
  function add(messages) {
    ({ oldestId, newestId } = klChat.addMessages(log, shown, messages, element, { oldestId, newestId }));
    empty.hidden = shown.size > 0;
  }

  function scrollToEnd() {
    const main = log.parentElement;
    main.scrollTop = main.scrollHeight;
  }

  /** Tells the server the member has seen everything shown, while the page is visible. */
  function markRead() {
    if (document.visibilityState !== 'visible' || newestId === 0 || over) return;
    clearTimeout(readTimer);
    readTimer = setTimeout(() => {
      api('POST', '/api/chat/read', { lastMessageId: newestId }).catch(() => undefined);
    }, 300);
  }

  function listen() {
    if (over) return;
    source = new EventSource(`/api/chat/stream?after=${newestId}`);
    source.addEventListener('open', () => setStatus(''));
    source.addEventListener('message', (event) => {
      add([JSON.parse(event.data)]);
      scrollToEnd();
      markRead();
    });
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED) {
        setStatus(texts.reconnecting);
        return;
      }
      // Refused (cookie expired, chat switched off) or the server went away: ask why.
      api('GET', '/api/chat/messages?limit=1').then(
        () => setTimeout(listen, 3000),
        (error) =>
          error.status >= 400 && error.status < 500 ? end(error.message) : setTimeout(listen, 3000),
      );
    });
  }

  async function start() {
    const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
    if (match) {
      // The token works once: drop it from the address (and from the history) before anything else.
      history.replaceState(null, '', location.pathname + location.search);
      try {
        await api('POST', '/api/chat/session', { token: decodeURIComponent(match[1]) });
      } catch {
        // A reload after the trade: the chat cookie of this visit may still hold.
      }
    }
    try {
      const page = await api('GET', '/api/chat/messages');
      add(page.messages);
      earlier.hidden = !page.hasMore;
      setStatus('');
      scrollToEnd();
      ready = true;
      sendButton.disabled = false;
      markRead();
      listen();
    } catch (error) {
      end(error.status === 401 ? texts.expired : error.message);
    }
  }

  earlier.addEventListener('click', async () => {
    try {
      const page = await api('GET', `/api/chat/messages?beforeId=${oldestId}`);
      add(page.messages);
      earlier.hidden = !page.hasMore;
    } catch (error) {
      setStatus(error.message);
    }
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = input.value.trim();
    if (!body || !ready || over) return;
    sendButton.disabled = true;
    try {
      add([await api('POST', '/api/chat/messages', { body })]);
      input.value = '';
      setStatus('');
      scrollToEnd();
    } catch (error) {
      if (error.status === 401) end(texts.expired);
      else setStatus(error.message);
    } finally {
      sendButton.disabled = false;
      input.focus();
    }
  });

  klChat.submitOnEnter(input, form);

  document.addEventListener('visibilitychange', markRead);
  start();
})();
