export declare const SYSTEM_CHROMIUMS: string[];
export declare const CHROMIUM_ARGS: string[];

export interface FoundChromium {
  executablePath: string;
  /** Where it came from: the variable, the system, Playwright's download, or the npm package. */
  source: 'CHROMIUM_PATH' | 'system' | 'playwright' | 'npm';
}

export declare function findChromium(options?: {
  env?: Record<string, string | undefined>;
  systemPaths?: string[];
  playwrightPath?: string;
  cacheDir?: string;
}): Promise<FoundChromium>;
