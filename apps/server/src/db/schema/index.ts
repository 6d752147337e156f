export * from './dev-outbox.ts';
export * from './merchant.ts';
export * from './accounts.ts';
export * from './member-identity.ts';
export * from './games.ts';
export * from './content.ts';
export * from './feedback.ts';
export * from './chat.ts';
