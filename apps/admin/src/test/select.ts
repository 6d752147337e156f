import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Picks `option` in an antd Select named `name`: opens it, then clicks the option's visible item (antd
 * also renders a listbox for assistive technology, whose options take no clicks).
 */
export async function chooseOption(user: UserEvent, name: string | RegExp, option: string): Promise<void> {
  await user.click(screen.getByRole('combobox', { name }));
  const items = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  const item = items.at(-1);
  if (!item) throw new Error(`No option ${option}`);
  await user.click(item);
}

/** Types `text` into a field in one go (a click, then a paste): what a test fills quickly. */
export async function fillIn(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
