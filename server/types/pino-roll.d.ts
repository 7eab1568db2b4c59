declare module 'pino-roll' {
  import type SonicBoom from 'sonic-boom';
  interface PinoRollOptions {
    file: string | (() => string);
    size?: string | number;
    frequency?: string | number;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    mkdir?: boolean;
    /** passed on to SonicBoom: the mode each log file is created with */
    mode?: number;
  }
  export default function pinoRoll(options: PinoRollOptions): Promise<SonicBoom>;
}
