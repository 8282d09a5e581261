import { MessageFlags, type RepliableInteraction } from 'discord.js';

/** An ephemeral answer that changes nothing, whatever state the interaction is in. */
export async function refuse(interaction: RepliableInteraction, content: string): Promise<void> {
  if (interaction.deferred || interaction.replied) await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
  else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
}
