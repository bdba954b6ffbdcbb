// jsonexport ships no types: the one call the back office makes (options as its README lists them).
declare module 'jsonexport/dist' {
  interface Options {
    headers?: string[];
    rowDelimiter?: string;
    endOfLine?: string;
    booleanTrueString?: string;
    booleanFalseString?: string;
    undefinedString?: string;
  }
  export default function jsonexport(json: object[], options: Options, callback: (err: Error | null, csv: string) => void): void;
}
