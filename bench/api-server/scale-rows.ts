// bench/api-server/scale.ts's rows: the SQL that fills a project's articles table with a million
// articles of ordinary words, and the cursors of pages deep in it.

/**
 * Words of the titles and bodies, each drawn with the same chance: in about 4% of bodies each. None
 * holds another word of the bench (COMMON, RARE) or is held by one, so that a search for one finds it
 * alone.
 */
const WORDS = (
  'apple bread chair dance eagle field glass honey island jacket kettle lemon market needle orange ' +
  'pencil quiet rabbit silver table uncle valley window yellow zebra anchor basket candle doctor ' +
  'engine forest guitar hammer insect jungle kitchen ladder mirror night ocean pepper queen rocket ' +
  'saddle tiger umbrella violin wagon yacht blanket cotton desert feather ginger harbor ivory jelly ' +
  'knife lantern meadow napkin oyster pillow quilt ribbon shadow tunnel velvet wallet bottle camera ' +
  'dragon elbow finger garlic helmet iron jewel kitten lizard monkey nickel onion parrot puzzle ' +
  'saucer thunder vessel walnut bucket castle donkey energy flower goose hotel invoice jigsaw koala ' +
  'lobster magnet novel orbit pirate radio salmon turtle vacuum whistle'
).split(' ');

/** Words of WORDS, each in about 12% of bodies and 4% of titles. */
export const EVERYDAY = ['lantern', 'harbor', 'violin', 'meadow', 'walnut'];

/** In about 30% of bodies: a search that matches a third of the table. */
export const COMMON = 'sunrise';

/** Each in 50 bodies of a million (one in 20,000), spread through time: searches that match few. */
export const RARE = ['quokka', 'zanzibar', 'xylograph', 'fjordwick', 'brumbleton'];

/** Where views are drawn from: squared, so that small counts are more frequent, as views are. */
export const MAX_VIEWS = 100_000;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** `count` words drawn anew for each row (the subquery refers to the row, so it runs per row). */
const words = (count: string) =>
  `array_to_string(ARRAY(SELECT (ARRAY[${WORDS.map(literal).join(',')}])[1 + floor(random() * ${WORDS.length})::int] FROM generate_series(1, ${count} + 0 * i)), ' ')`;

/**
 * Inserts `rows` articles, newest first a second apart (ids and times as the server makes them), with
 * the table's own indexes dropped first and made again after (faster than keeping them up row by
 * row), then ANALYZE. The index definitions are read back from pg_indexes, so they are the
 * migration's own.
 */
export function fillRows(rows: number): string {
  const rare = `(ARRAY[${RARE.map(literal).join(',')}])[1 + (i / 4000) % ${RARE.length}]`;
  return `
SET maintenance_work_mem = '256MB';
CREATE TEMP TABLE kept_indexes AS
  SELECT indexname, indexdef FROM pg_indexes
  WHERE tablename = 'articles' AND indexdef NOT LIKE 'CREATE UNIQUE%';
DO $$ DECLARE name text; BEGIN
  FOR name IN SELECT indexname FROM kept_indexes LOOP EXECUTE format('DROP INDEX %I', name); END LOOP;
END $$;
TRUNCATE articles;
INSERT INTO articles (title, body, views, "createdAt", "updatedAt")
SELECT initcap(${words('3 + i % 4')}),
       concat_ws(' ',
         ${words('6 + i % 9')},
         CASE WHEN random() < 0.3 THEN ${literal(COMMON)} END,
         ${words('2 + i % 5')},
         CASE WHEN i % 4000 = 1999 THEN ${rare} END),
       floor(random() ^ 2 * ${MAX_VIEWS}),
       now() - i * interval '1 second',
       now() - i * interval '1 second'
FROM generate_series(1, ${rows}) i;
DO $$ DECLARE definition text; BEGIN
  FOR definition IN SELECT indexdef FROM kept_indexes LOOP EXECUTE definition; END LOOP;
END $$;
VACUUM ANALYZE articles;
`;
}

/**
 * The cursors (as the server writes them for `sort=-createdAt`: base64url of the JSON of the sort
 * and the page's last keys) of `count` pages spread from half-way down the list to its end.
 */
export function deepCursorsSql(rows: number, count: number): string {
  const step = Math.floor(rows / 2 / count);
  return `SELECT "createdAt"::text, id FROM (
  SELECT "createdAt", id, row_number() OVER (ORDER BY "createdAt" DESC, id) AS n FROM articles
) ranked WHERE n > ${Math.floor(rows / 2)} AND n % ${step} = 0 ORDER BY n LIMIT ${count}`;
}

export const cursorOf = (createdAt: string, id: string) =>
  Buffer.from(JSON.stringify(['-createdAt', createdAt, id])).toString('base64url');
