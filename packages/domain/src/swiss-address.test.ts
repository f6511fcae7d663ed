import { describe, expect, it } from 'vitest';
import { splitPlace, splitStreet } from './swiss-address.ts';

describe('splitStreet: the building number apart from the street, as the QR-bill wants it', () => {
  it.each([
    ['Bahnhofstrasse 12', 'Bahnhofstrasse', '12'],
    ['Industriestrasse 12', 'Industriestrasse', '12'],
    ['Bahnhofstrasse 12a', 'Bahnhofstrasse', '12a'],
    ['Bahnhofstrasse 12 a', 'Bahnhofstrasse', '12 a'],
    ['Rue de la Gare 5B', 'Rue de la Gare', '5B'],
    ['Via Cantonale 3/1', 'Via Cantonale', '3/1'],
    ['Route de Berne 1-3', 'Route de Berne', '1-3'],
    ['Chemin des Roses 4 bis', 'Chemin des Roses', '4 bis'],
    ['St. Gallerstrasse 5', 'St. Gallerstrasse', '5'],
    ['Bahnhofstr.12', 'Bahnhofstr.', '12'],
    ['  Seestrasse   140  ', 'Seestrasse', '140'],
    ['Seestrasse, 7', 'Seestrasse', '7'],
    ['12, rue du Rhône', 'rue du Rhône', '12'],
    ['8 Avenue de la Gare', 'Avenue de la Gare', '8'],
    ['Strasse des 1. August 4', 'Strasse des 1. August', '4'],
  ])('%s → %s | %s', (line, street, buildingNumber) => {
    expect(splitStreet(line)).toEqual({ street, buildingNumber });
  });

  it.each([['Im Gässli'], ['Postfach 123'], ['Case postale 44'], ['Industriestrasse']])('%s has no building number', (line) => {
    expect(splitStreet(line)).toEqual({ street: line, buildingNumber: '' });
  });

  it('an empty or missing line is empty', () => {
    expect(splitStreet('')).toEqual({ street: '', buildingNumber: '' });
    expect(splitStreet(null)).toEqual({ street: '', buildingNumber: '' });
    expect(splitStreet(undefined)).toEqual({ street: '', buildingNumber: '' });
  });

  it('a number alone stays the street, so no address loses its only text', () => {
    expect(splitStreet('12')).toEqual({ street: '12', buildingNumber: '' });
  });
});

describe('splitPlace: postcode and place', () => {
  it.each([
    ['8604 Volketswil', '8604', 'Volketswil'],
    ['CH-8001 Zürich', '8001', 'Zürich'],
    ['1204  Genève ', '1204', 'Genève'],
    ['6900 Lugano Paradiso', '6900', 'Lugano Paradiso'],
    ['Zürich', '', 'Zürich'],
    ['', '', ''],
  ])('%s → %s | %s', (line, zip, city) => {
    expect(splitPlace(line)).toEqual({ zip, city });
  });
});
