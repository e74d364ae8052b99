/**
 * `npm run settings`: reads or changes the system settings (spec: amsw0901) from the command line,
 * until the staff console edits them. Runs on the configured database (DATA_DIR or DATABASE_URL),
 * creating and migrating it like `npm start`; on the embedded database the server must be stopped.
 *
 *   npm run settings                                   print every setting
 *   npm run settings -- set loginBlockMinute 30        change a number
 *   npm run settings -- set loginNotice "…" en-us      change a text in one language
 */
import { runCommand, withRuntime } from './command';
import { getSystemSettings } from '../services/site/get-system-settings';
import { SettingError, updateSystemSetting } from '../services/site/update-system-settings';
import { parseLocale } from '../../lib/locales';

async function run(args: string[]): Promise<void> {
  await withRuntime('settings', async () => {
    const [command, key, value, lang] = args;
    if (command === 'set') {
      if (!key || value === undefined)
        throw new SettingError('Usage: npm run settings -- set <key> <value> [zh-tw|en-us]');
      await updateSystemSetting(key, value, parseLocale(lang));
    } else if (command !== undefined) {
      throw new SettingError(`Unknown command ${command}: use "set", or nothing to print the settings`);
    }
    const settings = { 'zh-tw': await getSystemSettings('zh-tw'), 'en-us': await getSystemSettings('en-us') };
    process.stdout.write(`${JSON.stringify(settings, null, 2)}\n`);
  });
}

runCommand(
  () => run(process.argv.slice(2)),
  (error) => (error instanceof SettingError ? error.message : null),
);
