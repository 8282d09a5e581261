/**
 * The configuration a user reads about (README, .env.example) is the one the bot checks, and
 * the settings that only make sense together are refused apart.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, loadConfig } from '../../src/bot/config.js';
import { quickStart, REPO_ROOT, section } from './readme.js';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB';
const variables = Object.keys(configSchema.shape);

describe('configuration', () => {
  it('documents every variable in the README table and in .env.example', () => {
    const table = section('Configuration');
    const example = readFileSync(`${REPO_ROOT}.env.example`, 'utf8');
    for (const name of variables) {
      expect(table, `README table row for ${name}`).toContain(`| \`${name}\` |`);
      expect(example, `.env.example line for ${name}`).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
    }
  });

  it('sets up, tests and starts with one command each in the Quick start', () => {
    // The install tests run whatever the README says; this pins what it should say.
    expect(quickStart()).toEqual({ setup: 'npm run setup', test: 'npm test', start: 'npm start' });
  });

  it('explains a missing, empty or malformed token in exactly one line each', () => {
    for (const token of [undefined, '', '   ', 'not-a-token', 'a.b.c']) {
      let problems: string[] = [];
      try {
        loadConfig(token === undefined ? {} : { DISCORD_TOKEN: token });
      } catch (error) {
        if (error instanceof ConfigError) problems = error.problems;
      }
      expect(problems, `token ${JSON.stringify(token)}`).toHaveLength(1);
      expect(problems[0]).toMatch(/DISCORD_TOKEN/);
      expect(problems[0]).toMatch(/Developer Portal/);
    }
  });

  it('refuses SHARDS without DATABASE_URL, saying why', () => {
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, SHARDS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, SHARDS: 'auto' })).toThrow(/SHARDS needs DATABASE_URL/);
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, SHARDS: 'auto', DATABASE_URL: 'postgresql://db/acquire' }).SHARDS).toBe('auto');
  });

  it('reads SHARD_IDS as lists and ranges, and refuses it without SHARD_COUNT, with SHARDS or beyond the count', () => {
    const base = { DISCORD_TOKEN: TOKEN, DATABASE_URL: 'postgresql://db/acquire' };
    expect(loadConfig({ ...base, SHARD_IDS: '0-1,4', SHARD_COUNT: '6' }).SHARD_IDS).toEqual([0, 1, 4]);
    expect(loadConfig({ ...base, SHARD_IDS: '3', SHARD_COUNT: '4' })).toMatchObject({ SHARD_IDS: [3], SHARD_COUNT: 4 });
    expect(() => loadConfig({ ...base, SHARD_IDS: '0-1' })).toThrow(/SHARD_IDS and SHARD_COUNT go together/);
    expect(() => loadConfig({ ...base, SHARD_IDS: '0-1', SHARD_COUNT: '2', SHARDS: '2' })).toThrow(/cannot be combined with SHARDS/);
    expect(() => loadConfig({ ...base, SHARD_IDS: '0-4', SHARD_COUNT: '4' })).toThrow(/below SHARD_COUNT/);
    expect(() => loadConfig({ ...base, SHARD_IDS: '2-1', SHARD_COUNT: '4' })).toThrow(/SHARD_IDS must list shard ids/);
    expect(() => loadConfig({ ...base, SHARD_IDS: 'one', SHARD_COUNT: '4' })).toThrow(/SHARD_IDS must list shard ids/);
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, SHARD_IDS: '0', SHARD_COUNT: '2' })).toThrow(/SHARD_IDS needs DATABASE_URL/);
  });

  it("leaves SHARDS and HEALTH_PORT to the manager in a shard's process", () => {
    // discord.js's ShardingManager sets SHARDS to the shard's id (0 is valid there) in each shard.
    const config = loadConfig({
      DISCORD_TOKEN: TOKEN,
      DATABASE_URL: 'postgresql://db/acquire',
      SHARDING_MANAGER: 'true',
      SHARDS: '0',
      SHARD_COUNT: '2',
      HEALTH_PORT: '8080',
    });
    expect(config.SHARDS).toBeUndefined();
    expect(config.HEALTH_PORT).toBeUndefined();
  });
});
