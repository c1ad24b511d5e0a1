/**
 * Loads the rules file and reloads it when it changes. A file that fails to parse is reported
 * and the previous rules stay in force (so a typo while editing does not open the database).
 */
import { type Stats, existsSync, readFileSync, unwatchFile, watchFile } from 'node:fs';
import { Ruleset } from './ruleset.js';

/** Watches one rules file. */
export class RulesLoader {
  private current: Ruleset;
  private readonly listener = (curr: Stats, prev: Stats): void => {
    if (curr.mtimeMs !== prev.mtimeMs || curr.size !== prev.size) this.reload();
  };

  /**
   * @param file path of `database.rules.json`; a missing file means open rules (the official
   *   emulator's default) until the file appears
   * @param onReload called after a successful reload (to cancel listens that became unreadable)
   * @throws RulesError if the file exists and is invalid at start
   */
  constructor(
    readonly file: string,
    private readonly log: (line: string) => void,
    private readonly onReload: () => void,
  ) {
    this.current = this.read() ?? Ruleset.open();
    // Polling (not fs.watch) survives editors that replace the file by rename.
    watchFile(file, { interval: 200, persistent: false }, this.listener);
  }

  private read(): Ruleset | null {
    if (!existsSync(this.file)) return null;
    return Ruleset.parse(readFileSync(this.file, 'utf8'));
  }

  /** Re-reads the file now. */
  reload(): void {
    try {
      this.current = this.read() ?? Ruleset.open();
      this.log(`database: rules reloaded from ${this.file}`);
      this.onReload();
    } catch (err) {
      this.log(`database: rules not reloaded: ${(err as Error).message}`);
    }
  }

  get rules(): Ruleset {
    return this.current;
  }

  set rules(r: Ruleset) {
    this.current = r;
  }

  stop(): void {
    unwatchFile(this.file, this.listener);
  }
}
