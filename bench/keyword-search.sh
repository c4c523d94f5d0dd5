#!/bin/bash
# Keyword search on Chinese and English text: ILIKE '%kw%' without and with a pg_trgm index, and
# what full-text search ('simple' config, no Chinese tokenizer installed) finds instead.
# docs/PERFORMANCE.md "Keyword search: trigram vs full text".
# Run: DB=postgres://postgres@127.0.0.1:5432/<scratch db> bench/keyword-search.sh
# It creates (and leaves) a table kw_docs with 200 000 rows in that database.
set -euo pipefail
DB=${DB:?set DB to a scratch PostgreSQL database URL}
psql "$DB" -qX -v ON_ERROR_STOP=1 <<'SQL'
create extension if not exists pg_trgm;
drop table if exists kw_docs;
create table kw_docs (
  id int generated always as identity primary key,
  created_at timestamptz not null,
  body text not null
);
select setseed(0.12);
-- 10-12 words a row, Chinese ones run together as Chinese is written, English ones spaced; a
-- rare term in ~0.1 % of the rows; an order number.
create function pg_temp.words(n int) returns text language sql volatile as $$
  select string_agg(case when random() < 0.7
      then (array['提示','模板','调用','客服','问答','记录','订单','退款','流程','物流','查询','账户',
        '安全','设置','发票','抬头','会员','积分','优惠券','活动','商品','库存','售后','投诉','评价',
        '地址','修改','支付','失败','成功','配送','时间','门店','营业','预约','取消','合同','审批',
        '报销','差旅','考勤','请假','工资','社保','培训','招聘','面试','绩效','知识库','语料','标注',
        '评测','模型','版本','场景','插件','指令','智能体','会话','消息'])[1 + floor(random() * 60)::int]
      else ' ' || (array['prompt','template','refund','order','invoice','customer','service',
        'login','password','reset','delivery','payment','failed','account','security','coupon',
        'member','points','contract','approval'])[1 + floor(random() * 20)::int] || ' ' end, '')
  from generate_series(1, n) $$;
insert into kw_docs (created_at, body)
select now() - g * interval '1 minute',
       pg_temp.words(10 + g % 3) || case when random() < 0.001 then '量子纠缠' else '' end
       || ' 单号' || (100000 + g)
from generate_series(1, 200000) g;
create index kw_docs_created_at_idx on kw_docs (created_at);
vacuum analyze kw_docs;
SQL

# The list's two statements for a keyword (count, and the first page newest first): median of
# 5 EXPLAIN ANALYZE runs after a warm-up, with the scan the plan used.
measure() {
  for kw in 量子纠缠 发票抬头 123456 单号1234 invoice 退款 纠缠 退 纠; do
    rows=$(psql "$DB" -qAtX -c "select count(*) from kw_docs where body ilike '%$kw%'")
    for label in count page; do
      if [ $label = count ]; then q="select count(*) from kw_docs where body ilike '%$kw%'"
      else q="select id from kw_docs where body ilike '%$kw%' order by created_at desc, id desc limit 21"; fi
      psql "$DB" -qAtX -c "$q" >/dev/null
      times=()
      for _ in 1 2 3 4 5; do
        out=$(psql "$DB" -qAtX -c "explain (analyze) $q")
        times+=("$(echo "$out" | grep -oE 'Execution Time: [0-9.]+' | grep -oE '[0-9.]+')")
      done
      median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p)
      scan=$(echo "$out" | grep -oE '(Parallel Seq Scan|Seq Scan|Bitmap Index Scan on [a-z_]+|Index Scan( Backward)? using [a-z_]+)' | sort -u | paste -sd+)
      echo "| $1 | \`$kw\` | $rows | $label | $scan | $median |"
    done
  done
}
echo "| index | keyword | rows | statement | scan | ms |"
measure none
psql "$DB" -qAtX -c "\\timing on" -c "create index kw_docs_body_trgm_idx on kw_docs using gin (body gin_trgm_ops)" | sed 's/^/trigram index build: /'
psql "$DB" -qAtX -c "vacuum analyze kw_docs" -c "select 'trigram index size: ' || pg_size_pretty(pg_relation_size('kw_docs_body_trgm_idx')) || ', table: ' || pg_size_pretty(pg_relation_size('kw_docs'))"
measure trigram

echo "What full-text search ('simple') finds, beside ILIKE:"
psql "$DB" -qX -c "
  select kw, (select count(*) from kw_docs where body ilike '%' || kw || '%') as ilike_rows,
    (select count(*) from kw_docs where to_tsvector('simple', body) @@ plainto_tsquery('simple', kw)) as fts_rows,
    (select count(*) from kw_docs where to_tsvector('simple', body) @@ to_tsquery('simple', kw || ':*')) as fts_prefix_rows
  from unnest(array['量子纠缠', '发票抬头', '退款', 'invoice', '123456', '单号1234']) kw" \
  -c "select to_tsvector('simple', body) from kw_docs where id = 3"
