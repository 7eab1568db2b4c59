declare module 'pino-roll' {
  import type SonicBoom from 'sonic-boom';
  interface PinoRollOptions {
    file: string | (() => string);
    size?: string | number;
    frequency?: string | number;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    mkdir?: boolean;
  }
  export default function pinoRoll(options: PinoRollOptions): Promise<SonicBoom>;
}
