// The ALTER statements of a MySQL/MariaDB table changed in place, read as SQL: rows filled, names followed, keys dropped first.
import { describe, expect, it } from 'vitest';
import type { TableSpec } from '../../templates-ast/database/sql-tables.js';
import { foreignKeyName, indexName } from '../../templates-ast/database/sql-names.js';
import { mysqlAlter } from '../../templates-ast/resource/alter-mysql.js';

const articles: TableSpec = {
  name: 'articles',
  columns: [
    { name: 'id', type: 'uuid-key' },
    { name: 'title', type: 'varchar(255)' },
    { name: 'body', type: 'text' },
    { name: 'price', type: 'double', nullable: true },
    { name: 'categoryId', type: 'uuid', nullable: true },
  ],
  unique: [],
  indexes: ['price', 'categoryId'],
  references: [{ column: 'categoryId', table: 'categories', onDelete: 'set null' }],
  search: ['title', 'body'],
};
const none = new Map<string, string>();

describe('mysqlAlter', () => {
  it('adds a required text column empty, fills the rows, then makes it NOT NULL with no default', () => {
    const to = {
      ...articles,
      columns: [...articles.columns, { name: 'summary', type: 'text' as const }],
    };
    expect(mysqlAlter({ from: articles, to, renames: none })).toEqual([
      'ALTER TABLE `articles` ADD `summary` text NULL',
      "UPDATE `articles` SET `summary` = ''",
      'ALTER TABLE `articles` MODIFY `summary` text NOT NULL',
    ]);
  });

  it('renames a column and the index named after it; the FULLTEXT index follows the column', () => {
    const to: TableSpec = {
      ...articles,
      columns: articles.columns.map((column) =>
        column.name === 'price' ? { ...column, name: 'cost' } : column,
      ),
      indexes: ['cost', 'categoryId'],
    };
    expect(mysqlAlter({ from: articles, to, renames: new Map([['price', 'cost']]) })).toEqual([
      'ALTER TABLE `articles` RENAME COLUMN `price` TO `cost`',
      `ALTER TABLE \`articles\` RENAME INDEX \`${indexName('articles', 'price')}\` TO \`${indexName('articles', 'cost')}\``,
    ]);
  });

  it('drops a foreign key before its column, and makes the search index again without a removed column', () => {
    const to: TableSpec = {
      ...articles,
      columns: articles.columns.filter((column) => !['categoryId', 'body'].includes(column.name)),
      indexes: ['price'],
      references: [],
      search: ['title'],
    };
    expect(mysqlAlter({ from: articles, to, renames: none })).toEqual([
      'DROP INDEX `IDX_articles_search` ON `articles`',
      'ALTER TABLE `articles` DROP COLUMN `body`',
      `ALTER TABLE \`articles\` DROP FOREIGN KEY \`${foreignKeyName('articles', 'categoryId')}\``,
      'ALTER TABLE `articles` DROP COLUMN `categoryId`',
      'SET SESSION innodb_ft_enable_stopword = OFF',
      'CREATE FULLTEXT INDEX `IDX_articles_search` ON `articles` (`title`)',
    ]);
  });
});
