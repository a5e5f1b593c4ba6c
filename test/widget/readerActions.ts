// What a reader does in the component tests, shared by the files that need exactly this: open the
// dialog from the launcher and ask a question.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

/** Clicks the launcher, waits for the dialog, types `question` and Enter in the composer. */
export async function openAndAsk(question: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /ask ai/i }));
  const dialog = await screen.findByRole('dialog', { name: 'Ask the docs' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), `${question}{Enter}`);
  return { user, dialog };
}
