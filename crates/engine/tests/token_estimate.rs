//! The token estimate used for budgets against true o200k_base counts (OpenAI's tokenizer, counted
//! once with the `tiktoken-rs` crate, which the product does not depend on). The estimate may
//! over-reserve; it must never under-reserve by more than 10%.
use consilium_engine::foundation::tokens::estimate_tokens;

/// (what, text, o200k_base token count)
const SAMPLES: &[(&str, &str, u64)] = &[
    (
        "English prose",
        "The council met on a grey Tuesday morning to decide whether the ingestion service should be rewritten. Three engineers argued that the current system, built six years ago in a hurry, had become impossible to change safely: every release broke something, and the on-call rotation dreaded Fridays. The skeptic on the panel pointed out that rewrites fail more often than they succeed, and that the team had no experience with the proposed language. After an hour of debate they agreed on a pilot: one stage of the pipeline, six weeks, clear success criteria, and the old path kept running until the new one had proved itself for a month.",
        124,
    ),
    (
        "code (Rust)",
        "fn tokens_for_chars(chars: usize) -> u64 {\n    (chars as u64).div_ceil(4)\n}\n\npub async fn run_round<C: ModelCaller>(run: &Run<'_, C>) -> Result<(), Stop> {\n    run.enter_round(2)?;\n    let round1 = run.body(|session| session.round1.clone());\n    let plan = CallPlan {\n        call_id: \"r2-judge\".to_string(),\n        round: 2,\n        participant: &run.config.judge,\n        prompt: prompts::synthesis(&run.subject, &round1),\n        response_schema: run.schema(\"synthesis\", synthesis_schema),\n    };\n    for (index, item) in items.iter().enumerate() {\n        if item.len() > 0 && index % 2 == 0 { total += item.len(); }\n    }\n}\n",
        178,
    ),
    (
        "JSON",
        "{\"consensus_points\":[{\"point\":\"Adopt Rust for the parser\",\"supporting_agents\":[\"panelist-1\",\"panelist-3\"],\"confidence\":0.85},{\"point\":\"Keep the old ingester\",\"supporting_agents\":[\"panelist-3\"],\"confidence\":0.6}],\"tensions\":[{\"topic\":\"Rust or Go\",\"viewpoints\":[{\"agent\":\"panelist-1\",\"viewpoint\":\"Rust\"},{\"agent\":\"panelist-2\",\"viewpoint\":\"Go\"}]}],\"priority_order\":[\"ramp-up\",\"latency\",\"safety\"],\"usage\":{\"input_tokens\":1234,\"output_tokens\":567,\"cost_usd\":0.00421},\"ids\":[17,42,1999,20481,7,3.5e-3,null,true,false]}",
        161,
    ),
    (
        "Chinese",
        "委员会在一个阴沉的星期二早上开会，决定是否应该重写数据摄取服务。三位工程师认为，六年前匆忙构建的现有系统已经无法安全地修改：每次发布都会出问题，值班人员害怕星期五。小组中的怀疑者指出，重写失败的次数多于成功的次数，而且团队对所提议的语言没有任何经验。经过一个小时的辩论，他们同意进行试点：管道的一个阶段，六周时间，明确的成功标准，并且在新系统证明自己一个月之前保留旧路径继续运行。",
        136,
    ),
    (
        "Japanese",
        "委員会はどんよりした火曜日の朝に集まり、取り込みサービスを書き直すべきかどうかを決めた。三人のエンジニアは、六年前に急いで作られた現在のシステムはもう安全に変更できないと主張した。リリースのたびに何かが壊れ、当番のエンジニアは金曜日を恐れていた。懐疑的なメンバーは、書き直しは成功するより失敗することの方が多く、チームには提案された言語の経験がないと指摘した。一時間の議論の後、彼らは試験運用に合意した。パイプラインの一段階だけを六週間、明確な成功基準を設けて行い、新しい経路が一か月間実績を示すまで古い経路を動かし続ける。",
        216,
    ),
];

#[test]
fn the_estimate_never_under_reserves_by_more_than_ten_percent_against_o200k() {
    for (what, text, o200k) in SAMPLES {
        let estimate = estimate_tokens(text);
        assert!(
            estimate * 10 >= o200k * 9,
            "{what}: estimated {estimate} tokens, o200k counts {o200k}"
        );
    }
}

#[test]
fn the_estimate_stays_within_half_again_of_o200k_so_budgets_are_not_needlessly_refused() {
    for (what, text, o200k) in SAMPLES {
        let estimate = estimate_tokens(text);
        assert!(
            estimate * 2 <= o200k * 3,
            "{what}: estimated {estimate} tokens, o200k counts {o200k}"
        );
    }
}

#[test]
fn characters_count_by_kind() {
    assert_eq!(estimate_tokens(""), 0);
    assert_eq!(estimate_tokens("abcd"), 1, "letters: four to a token");
    assert_eq!(estimate_tokens("abcde"), 2);
    assert_eq!(estimate_tokens("{}[]"), 2, "punctuation: two to a token");
    assert_eq!(estimate_tokens("决定"), 2, "CJK: about one each");
}

#[test]
fn token_estimate_of_english_letters_is_a_quarter_of_the_characters_rounded_up() {
    assert_eq!(estimate_tokens(""), 0);
    assert_eq!(estimate_tokens("abc"), 1);
    assert_eq!(estimate_tokens("abcd"), 1);
    assert_eq!(estimate_tokens("abcde"), 2);
    assert_eq!(estimate_tokens("🌍🌍🌍🌍🌍"), 5, "characters, not bytes");
}
