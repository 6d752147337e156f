/* The operator's chat page: sign in with the operator token (kept in an HttpOnly cookie by the server,
   never by this script), list the conversations, read one, reply, and follow every new message live.
   Text is only ever set with textContent. */
/* global document, EventSource, window */
'use strict';

(function operatorPage() {
  const root = document.getElementById('ops');
  if (!root) return;
  const texts = JSON.parse(root.dataset.texts || '{}');
  const locale = root.dataset.locale === 'vi' ? 'vi' : 'en';
  const byId = (id) => document.getElementById(id);
  const signIn = byId('ops-signin');
  const tokenInput = byId('ops-token');
  const signInError = byId('ops-signin-error');
  const signOut = byId('ops-signout');
  const app = byId('ops-app');
  const list = byId('ops-list');
  const listEmpty = byId('ops-list-empty');
  const who = byId('ops-who');
  const log = byId('ops-log');
  const earlier = byId('ops-earlier');
  const form = byId('ops-form');
  const input = byId('ops-input');
  const status = byId('ops-status');
  let current = null;
  let shown = new Map();
  let oldestId = 0;
  let newestId = 0;
  let source = null;
  let refreshTimer = null;

  const { klChat } = window;
  const api = klChat.createApi(locale, (status) => String(status));

  function showSignIn(message) {
    if (source) source.close();
    source = null;
    app.hidden = true;
    signOut.hidden = true;
    signIn.hidden = false;
    signInError.textContent = message || '';
    tokenInput.focus();
  }

  function timeOf(iso) {
    return new Date(iso).toLocaleString(locale === 'vi' ? 'vi-VN' : 'en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      day: '2-digit',
      month: '2-digit',
    });
  }

  function renderList(conversations) {
    list.replaceChildren();
    listEmpty.hidden = conversations.length > 0;
    for (const conversation of conversations) {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'ops-conversation';
      button.setAttribute('aria-current', String(current !== null && current.id === conversation.id));
      const name = document.createElement('span');
      name.className = 'ops-name';
      name.textContent = conversation.userName;
      const badge = document.createElement('span');
      badge.className = 'ops-badge';
      badge.textContent = conversation.unreadCount > 99 ? '99+' : String(conversation.unreadCount);
      badge.hidden = conversation.unreadCount === 0;
      const preview = document.createElement('span');
      preview.className = 'ops-preview';
      preview.textContent = conversation.lastMessage
        ? `${timeOf(conversation.updatedAt)} · ${conversation.lastMessage.body}`
        : timeOf(conversation.updatedAt);
      button.append(name, badge, preview);
      button.addEventListener('click', () => open(conversation));
      item.append(button);
      list.append(item);
    }
  }

  async function refreshList() {
    try {
      renderList((await api('GET', '/api/chat/ops/conversations')).list);
    } catch (error) {
      if (error.status === 401) showSignIn();
    }
  }

  function scheduleRefresh() {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(refreshList, 300);
  }

  function element(message) {
    const mine = message.sender === 'operator';
    return klChat.messageElement(message, {
      mine,
      author: mine ? texts.operator : current.userName,
      time: timeOf(message.createdAt),
    });
  }

  function add(messages) {
    ({ oldestId, newestId } = klChat.addMessages(log, shown, messages, element, { oldestId, newestId }));
  }

  function scrollToEnd() {
    const pane = log.parentElement;
    pane.scrollTop = pane.scrollHeight;
  }

  async function markRead() {
    if (!current || newestId === 0 || document.visibilityState !== 'visible') return;
    try {
      await api('POST', '/api/chat/ops/read', { conversationId: current.id, lastMessageId: newestId });
      scheduleRefresh();
    } catch {
      // The next message or refresh tries again.
    }
  }

  async function open(conversation) {
    current = { id: conversation.id, userName: conversation.userName };
    shown = new Map();
    oldestId = 0;
    newestId = 0;
    log.replaceChildren();
    who.textContent = `${texts.member}: ${conversation.userName}`;
    form.hidden = false;
    status.textContent = '';
    try {
      const page = await api(
        'GET',
        `/api/chat/ops/messages?conversationId=${encodeURIComponent(current.id)}`,
      );
      add(page.messages);
      earlier.hidden = !page.hasMore;
      scrollToEnd();
      await markRead();
      input.focus();
    } catch (error) {
      status.textContent = error.message;
    }
  }

  function listen() {
    source = new EventSource('/api/chat/ops/stream');
    source.addEventListener('open', () => {
      status.textContent = '';
    });
    source.addEventListener('message', (event) => {
      const data = JSON.parse(event.data);
      if (current && data.conversationId === current.id) {
        add([data.message]);
        scrollToEnd();
        markRead();
      }
      scheduleRefresh();
    });
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED) {
        status.textContent = texts.reconnecting;
        return;
      }
      refreshList().then(() => {
        if (!app.hidden) setTimeout(listen, 3000);
      });
    });
  }

  async function showApp() {
    signIn.hidden = true;
    app.hidden = false;
    signOut.hidden = false;
    await refreshList();
    listen();
  }

  signIn.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await api('POST', '/api/chat/ops/session', undefined, {
        authorization: `Bearer ${tokenInput.value.trim()}`,
      });
      tokenInput.value = '';
      signInError.textContent = '';
      await showApp();
    } catch (error) {
      signInError.textContent = error.status === 401 ? texts.wrongToken : error.message;
    }
  });

  signOut.addEventListener('click', async () => {
    await api('DELETE', '/api/chat/ops/session').catch(() => undefined);
    current = null;
    showSignIn();
  });

  earlier.addEventListener('click', async () => {
    if (!current) return;
    try {
      const page = await api(
        'GET',
        `/api/chat/ops/messages?conversationId=${encodeURIComponent(current.id)}&beforeId=${oldestId}`,
      );
      add(page.messages);
      earlier.hidden = !page.hasMore;
    } catch (error) {
      status.textContent = error.message;
    }
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = input.value.trim();
    if (!body || !current) return;
    try {
      add([await api('POST', '/api/chat/ops/messages', { conversationId: current.id, body })]);
      input.value = '';
      status.textContent = '';
      scrollToEnd();
      scheduleRefresh();
    } catch (error) {
      if (error.status === 401) showSignIn();
      else status.textContent = error.message;
    }
  });

  klChat.submitOnEnter(input, form);

  document.addEventListener('visibilitychange', markRead);

  api('GET', '/api/chat/ops/conversations').then(
    () => showApp(),
    () => showSignIn(),
  );
})();
