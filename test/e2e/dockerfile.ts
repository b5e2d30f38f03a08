// A generated Dockerfile read as stages of steps (dockerfile-ast), so the tests replay it instead of repeating it.
import { DockerfileParser, type Instruction } from 'dockerfile-ast';

export type Step =
  | { kind: 'copy'; from?: string; sources: string[]; target: string }
  | { kind: 'run'; command: string }
  | { kind: 'env'; name: string; value: string };

export interface Stage {
  image: string;
  name?: string;
  steps: Step[];
  user?: string;
  /** The HEALTHCHECK's command, for a shell. */
  healthcheck?: string;
  /** CMD in its exec form. */
  command?: string[];
}

/** The text after the keyword, flags included: `--from=build /app/dist ./dist`. */
const argumentsOf = (instruction: Instruction): string =>
  instruction.getTextContent().slice(instruction.getKeyword().length).trim();

function stepOf(instruction: Instruction): Step | undefined {
  const words = argumentsOf(instruction).split(/\s+/);
  switch (instruction.getKeyword()) {
    case 'COPY': {
      const from = words[0]?.startsWith('--from=')
        ? words.shift()!.slice('--from='.length)
        : undefined;
      return { kind: 'copy', from, sources: words.slice(0, -1), target: words.at(-1)! };
    }
    case 'RUN':
      return { kind: 'run', command: argumentsOf(instruction) };
    case 'ENV': {
      const [name, value] = argumentsOf(instruction).split('=');
      return { kind: 'env', name: name!, value: value! };
    }
    default:
      return undefined;
  }
}

export function dockerfileStages(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of DockerfileParser.parse(text).getInstructions()) {
    const keyword = instruction.getKeyword();
    if (keyword === 'FROM') {
      const [image, , name] = argumentsOf(instruction).split(/\s+/);
      stages.push({ image: image!, name, steps: [] });
      continue;
    }
    const stage = stages.at(-1)!;
    if (keyword === 'USER') stage.user = argumentsOf(instruction);
    else if (keyword === 'HEALTHCHECK')
      stage.healthcheck = argumentsOf(instruction).replace(/^.*?CMD\s+/, '');
    else if (keyword === 'CMD') stage.command = JSON.parse(argumentsOf(instruction)) as string[];
    else {
      const step = stepOf(instruction);
      if (step) stage.steps.push(step);
    }
  }
  return stages;
}
