/* The member's chat page: trades the one-time token of the address for the chat cookie, shows the
   conversation, sends messages and receives the operator's replies as server-sent events. Text is only
   ever set with textContent. */
/* global document, location, history, EventSource */
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

  async function api(method, path, body) {
    const headers = { 'x-module-id': 'CBS3', 'accept-language': locale };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = await response.json().catch(() => null);
    if (!response.ok || !envelope || envelope.success !== true) {
      const error = new Error((envelope && envelope.message) || texts.sendFailed);
      error.status = response.status;
      throw error;
    }
    return envelope.value;
  }

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
    const item = document.createElement('li');
    item.className = message.sender === 'member' ? 'chat-message is-mine' : 'chat-message';
    item.dataset.id = String(message.id);
    const author = document.createElement('span');
    author.className = 'chat-author';
    author.textContent = message.sender === 'member' ? texts.you : texts.operator;
    const text = document.createElement('p');
    text.className = 'chat-text';
    text.textContent = message.body;
    const time = document.createElement('time');
    time.className = 'chat-time';
    time.dateTime = message.createdAt;
    time.textContent = timeOf(message.createdAt);
    item.append(author, text, time);
    return item;
  }

  /** Adds messages in id order, ignoring those already shown. */
  function add(messages) {
    for (const message of messages) {
      if (shown.has(message.id)) continue;
      const item = element(message);
      let before = null;
      for (const [id, existing] of shown) {
        if (id > message.id && (!before || id < Number(before.dataset.id))) before = existing;
      }
      log.insertBefore(item, before);
      shown.set(message.id, item);
      newestId = Math.max(newestId, message.id);
      oldestId = oldestId === 0 ? message.id : Math.min(oldestId, message.id);
    }
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
    if (!body) return;
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

  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });

  document.addEventListener('visibilitychange', markRead);
  start();
})();
