import { MessageFlags, type MessageComponentInteraction, type ModalSubmitInteraction, type RepliableInteraction } from 'discord.js';

/** An ephemeral answer that changes nothing, whatever state the interaction is in. */
export async function refuse(interaction: RepliableInteraction, content: string): Promise<void> {
  if (interaction.deferred || interaction.replied) await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
  else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
}

/**
 * Whether a click came from a private panel (an ephemeral message), the only place where a
 * click may rewrite the message it is on. A public message is never rewritten by a click on it,
 * so a forged custom id cannot turn the table's message into someone's panel.
 */
export function fromPrivatePanel(interaction: MessageComponentInteraction | ModalSubmitInteraction): boolean {
  const message = interaction.isModalSubmit() ? (interaction.isFromMessage() ? interaction.message : null) : interaction.message;
  return message?.flags.has(MessageFlags.Ephemeral) ?? false;
}
