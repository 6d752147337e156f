export * from './dev-outbox.ts';
export * from './merchant.ts';
