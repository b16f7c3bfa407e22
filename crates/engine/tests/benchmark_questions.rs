//! The Benchmark mode's question sets and grading: generated sets are reproducible and their answers
//! right; user files import whole or not at all, with each problem's line and field.
use consilium_engine::benchmark::grading::{answer_number, choice_letter, is_correct};
use consilium_engine::benchmark::questions::{
    arithmetic_questions, parse_question_file, word_problems, QuestionFileFormat,
};
use consilium_engine::{
    record::benchmark::question::Grader, record::benchmark::question::Question,
};

#[test]
fn arithmetic_is_du_et_al_form_with_two_digit_operands_and_right_answers() {
    let questions = arithmetic_questions(50, 7);
    assert_eq!(questions.len(), 50);
    for question in &questions {
        let expression = question
            .text
            .strip_prefix("What is the result of ")
            .and_then(|rest| rest.split('?').next())
            .expect("the question states an expression");
        // Evaluate a+b*c+d-e*f independently of the generator.
        let operands: Vec<i64> = expression
            .split(['+', '*', '-'])
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(operands.len(), 6, "{expression}");
        assert!(
            operands.iter().all(|n| (10..=99).contains(n)),
            "{expression}"
        );
        let operators: String = expression.chars().filter(|c| "+*-".contains(*c)).collect();
        assert_eq!(operators, "+*+-*");
        let [a, b, c, d, e, f] = operands[..] else {
            unreachable!()
        };
        assert_eq!(question.answer, (a + b * c + d - e * f).to_string());
        assert!(is_correct(question, &question.answer));
    }
}

#[test]
fn generated_sets_are_reproducible_from_their_seed() {
    assert_eq!(arithmetic_questions(10, 42), arithmetic_questions(10, 42));
    assert_ne!(arithmetic_questions(10, 42), arithmetic_questions(10, 43));
    assert_eq!(word_problems(10, 42), word_problems(10, 42));
    assert_ne!(word_problems(10, 42), word_problems(10, 43));
    let ids: Vec<String> = word_problems(3, 1).into_iter().map(|q| q.id).collect();
    assert_eq!(ids, ["q1", "q2", "q3"]);
}

#[test]
fn word_problems_answers_follow_from_the_numbers_in_their_text() {
    for question in word_problems(200, 2026) {
        let numbers: Vec<u64> = question
            .text
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let answer: u64 = question
            .answer
            .parse()
            .expect("a whole, non-negative answer");
        let text = &question.text;
        let expected = if text.starts_with("A shop") {
            let [boxes, per_box, sold, delivered] = numbers[..] else {
                panic!("{text}")
            };
            boxes * per_box - sold + delivered * per_box
        } else if text.contains("pages a day") {
            let [r1, d1, r2, d2, pages] = numbers[..] else {
                panic!("{text}")
            };
            pages - (r1 * d1 + r2 * d2)
        } else if text.contains("km/h") {
            let [v1, h1, v2, h2] = numbers[..] else {
                panic!("{text}")
            };
            v1 * h1 + v2 * h2
        } else {
            let [pupils, team_size, per_team, lost] = numbers[..] else {
                panic!("{text}")
            };
            assert_eq!(pupils % team_size, 0, "{text}");
            pupils / team_size * per_team - lost
        };
        assert_eq!(answer, expected, "{text}");
        assert!(answer > 0, "every problem leaves something: {text}");
    }
}

fn question(answer: &str, grader: Grader) -> Question {
    Question {
        id: "q".into(),
        text: "?".into(),
        answer: answer.into(),
        grader,
    }
}

#[test]
fn numeric_grading_reads_the_answer_number() {
    let exact = question("1234", Grader::Numeric { tolerance: 0.0 });
    for right in [
        "1234",
        "1,234",
        " 1234. ",
        "The result is 1234",
        "12+34*... = 1234",
        "1234.0",
    ] {
        assert!(is_correct(&exact, right), "{right}");
    }
    for wrong in ["1235", "", "no idea", "1234 is not it, it is 1236", "-1234"] {
        assert!(!is_correct(&exact, wrong), "{wrong}");
    }
    let negative = question("-417", Grader::Numeric { tolerance: 0.0 });
    assert!(is_correct(&negative, "-417"));
    assert!(is_correct(&negative, "so 10-427 = -417"));
    assert_eq!(
        answer_number("10-3"),
        Some(3.0),
        "a minus between numbers is subtraction"
    );
    let tolerant = question("3.14", Grader::Numeric { tolerance: 0.01 });
    assert!(is_correct(&tolerant, "3.149"));
    assert!(!is_correct(&tolerant, "3.16"));
}

#[test]
fn choice_grading_reads_the_letter() {
    let c = question("C", Grader::Choice);
    for right in [
        "C",
        "c",
        "(C)",
        "C) Paris",
        "C. Paris",
        "Answer: C",
        "The answer is (c)",
        "I pick C",
    ] {
        assert!(is_correct(&c, right), "{right}");
    }
    for wrong in ["B", "(b)", "a cat", "", "Paris"] {
        assert!(!is_correct(&c, wrong), "{wrong}");
    }
    assert_eq!(choice_letter("a"), Some('A'), "a bare letter is a choice");
    assert_eq!(
        choice_letter("It is a hard one, but B"),
        Some('B'),
        "an article is not a choice"
    );
}

#[test]
fn exact_and_regex_grading() {
    let exact = question("Paris", Grader::Exact);
    assert!(is_correct(&exact, "  paris. "));
    assert!(!is_correct(&exact, "Paris, France"));
    let regex = question(
        "^(paris|lutetia)$",
        Grader::Regex {
            pattern: "(?i)^(paris|lutetia)$".into(),
        },
    );
    assert!(is_correct(&regex, "Lutetia"));
    assert!(!is_correct(&regex, "Rome"));
}

#[test]
fn a_jsonl_file_imports_every_grader() {
    let file = r#"{"question": "2+2?", "answer": 4, "grader": "numeric"}
{"id": "capital", "question": "Capital of France?", "answer": "Paris"}

{"question": "Pick", "answer": "b", "grader": "choice"}
{"question": "Pi?", "answer": "3.14", "grader": "numeric", "tolerance": 0.01}
{"question": "Name", "answer": "^a.*", "grader": "REGEX"}"#;
    let questions = parse_question_file(file, QuestionFileFormat::JsonLines).unwrap();
    assert_eq!(questions.len(), 5);
    assert_eq!(questions[0].id, "line1");
    assert_eq!(questions[0].answer, "4");
    assert_eq!(questions[1].id, "capital");
    assert_eq!(questions[1].grader, Grader::Exact);
    assert_eq!(
        questions[2].id, "line4",
        "ids count the file's lines, blank ones too"
    );
    assert_eq!(questions[3].grader, Grader::Numeric { tolerance: 0.01 });
    assert_eq!(
        questions[4].grader,
        Grader::Regex {
            pattern: "^a.*".into()
        }
    );
}

#[test]
fn a_bad_file_imports_nothing_and_names_each_line_and_field() {
    let file = r#"{"question": "fine", "answer": "1"}
{"question": "no answer"}
not json
{"question": "x", "answer": "ten", "grader": "numeric"}
{"question": "x", "answer": "Z", "grader": "choice"}
{"question": "x", "answer": "(", "grader": "regex"}
{"question": "x", "answer": "1", "grader": "fuzzy"}
{"question": "x", "answer": "1", "grader": "numeric", "tolerance": "-1"}
{"question": ["x"], "answer": "1"}
{"id": "dup", "question": "x", "answer": "1"}
{"id": "dup", "question": "y", "answer": "2"}"#;
    let errors = parse_question_file(file, QuestionFileFormat::JsonLines).unwrap_err();
    let described: Vec<String> = errors.iter().map(ToString::to_string).collect();
    let lines: Vec<(usize, Option<&str>)> = errors
        .iter()
        .map(|e| (e.line, e.field.as_deref()))
        .collect();
    assert_eq!(
        lines,
        [
            (2, Some("answer")),
            (3, None),
            (4, Some("answer")),
            (5, Some("answer")),
            (6, Some("answer")),
            (7, Some("grader")),
            (8, Some("tolerance")),
            (9, Some("question")),
            (11, Some("id")),
        ],
        "{described:#?}"
    );
    assert!(
        described[1].starts_with("line 3: not JSON"),
        "{}",
        described[1]
    );
    assert!(
        described[2].contains("\"ten\" is not a number"),
        "{}",
        described[2]
    );
    assert!(described[5].contains("not one of exact, numeric, choice, regex"));
}

#[test]
fn a_csv_file_with_quotes_and_line_breaks_imports() {
    let file = "question,answer,grader,tolerance\n\
                \"What is 6*7?\",42,numeric,\n\
                \"A quoted \"\"word\"\", and a comma\",yes,,\n\
                \"Two\nlines\",C,choice,\n\
                \n\
                Last,3.5,numeric,0.5";
    let questions = parse_question_file(file, QuestionFileFormat::Csv).unwrap();
    let texts: Vec<&str> = questions.iter().map(|q| q.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "What is 6*7?",
            "A quoted \"word\", and a comma",
            "Two\nlines",
            "Last"
        ]
    );
    let ids: Vec<&str> = questions.iter().map(|q| q.id.as_str()).collect();
    assert_eq!(
        ids,
        ["line2", "line3", "line4", "line7"],
        "lines where each record starts"
    );
    assert_eq!(questions[3].grader, Grader::Numeric { tolerance: 0.5 });
}

#[test]
fn a_bad_csv_file_names_its_lines() {
    let no_header = "q,a\n1,2";
    let errors = parse_question_file(no_header, QuestionFileFormat::Csv).unwrap_err();
    assert_eq!(errors[0].line, 1);
    assert!(errors[0].message.contains("question and answer"));
    let ragged = "question,answer\nfine,1\ntoo,many,columns\n,2";
    let errors = parse_question_file(ragged, QuestionFileFormat::Csv).unwrap_err();
    let found: Vec<(usize, Option<&str>)> = errors
        .iter()
        .map(|e| (e.line, e.field.as_deref()))
        .collect();
    assert_eq!(found, [(3, None), (4, Some("question"))]);
    assert_eq!(
        parse_question_file("", QuestionFileFormat::Csv).unwrap_err()[0].message,
        "the file has no questions"
    );
}

#[test]
fn the_format_is_detected_from_name_then_content() {
    assert_eq!(
        QuestionFileFormat::detect("set.CSV", "{"),
        QuestionFileFormat::Csv
    );
    assert_eq!(
        QuestionFileFormat::detect("set.jsonl", "question"),
        QuestionFileFormat::JsonLines
    );
    assert_eq!(
        QuestionFileFormat::detect("set.txt", " {\"q\":1}"),
        QuestionFileFormat::JsonLines
    );
    assert_eq!(
        QuestionFileFormat::detect("set.txt", "question,answer"),
        QuestionFileFormat::Csv
    );
}
